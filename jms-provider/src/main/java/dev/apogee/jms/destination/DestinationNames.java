package dev.apogee.jms.destination;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import java.util.regex.Pattern;

/** RocketMQ topic-name rules applied to JMS destination names. */
public final class DestinationNames {
    /** Longest topic name RocketMQ accepts. */
    public static final int MAX_LENGTH = 127;
    private static final Pattern VALID = Pattern.compile("^[%|a-zA-Z0-9_-]+$");

    private DestinationNames() {
    }

    /** Whether {@code name} is a valid RocketMQ topic name. */
    public static boolean isValid(String name) {
        return name != null && !name.isEmpty() && name.length() <= MAX_LENGTH && VALID.matcher(name).matches();
    }

    /** Returns {@code name} or throws {@link InvalidDestinationException} saying what is wrong. */
    public static String validate(String name) throws InvalidDestinationException {
        if (name == null || name.isEmpty()) {
            throw invalid("destination name must not be null or empty");
        }
        if (name.length() > MAX_LENGTH) {
            throw invalid("destination name is " + name.length() + " characters; RocketMQ topics allow at most "
                    + MAX_LENGTH + ": " + name.substring(0, 32) + "…");
        }
        if (!VALID.matcher(name).matches()) {
            throw invalid("destination name '" + name + "' is not a valid RocketMQ topic name"
                    + " (allowed characters: letters, digits, '%', '|', '_', '-')");
        }
        return name;
    }

    static InvalidDestinationException invalid(String text) {
        JMSException e = JmsExceptions.create(ErrorCode.INVALID_DESTINATION, text);
        return (InvalidDestinationException) e;
    }
}
