package dev.apogee.jms.exception;

import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.MessageEOFException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotReadableException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.ResourceAllocationException;

/**
 * Builds {@link JMSException}s with an {@link ErrorCode}, and translates lower-layer failures into them, once.
 */
public final class JmsExceptions {
    private JmsExceptions() {
    }

    /** A {@code JMSException} of the subclass that fits {@code code}, with message {@code "[code] text"}. */
    public static JMSException create(ErrorCode code, String text) {
        return create(code, text, null);
    }

    /** As {@link #create(ErrorCode, String)}, with a linked cause. */
    public static JMSException create(ErrorCode code, String text, Throwable cause) {
        String message = "[" + code.code() + "] " + text;
        String c = code.code();
        JMSException e = switch (code) {
            case CONVERSION, UNSUPPORTED_VALUE_TYPE, BODY_NOT_ASSIGNABLE, UNTRUSTED_CLASS, OBJECT_SERIALIZATION,
                 CORRUPT_MESSAGE, UNENCODABLE_VALUE -> new MessageFormatException(message, c);
            case NOT_WRITEABLE -> new MessageNotWriteableException(message, c);
            case NOT_READABLE -> new MessageNotReadableException(message, c);
            case END_OF_BODY -> new MessageEOFException(message, c);
            case INVALID_DESTINATION, TOPIC_NOT_FOUND -> new InvalidDestinationException(message, c);
            case INVALID_SELECTOR -> new InvalidSelectorException(message, c);
            case NO_PERMISSION, AUTHENTICATION_FAILED -> new JMSSecurityException(message, c);
            case BROKER_BUSY, BROKER_DISK_FULL -> new ResourceAllocationException(message, c);
            case ILLEGAL_STATE, CONNECTION_LOST -> new IllegalStateException(message, c);
            default -> new JMSException(message, c);
        };
        if (cause != null) {
            e.setLinkedException(cause instanceof Exception ex ? ex : new Exception(cause));
            e.initCause(cause);
        }
        return e;
    }

    /** The error code for a RocketMQ response code (protocol §2.1) or client-local code. */
    public static ErrorCode forResponseCode(int responseCode) {
        return switch (responseCode) {
            case 2, 215 -> ErrorCode.BROKER_BUSY;
            case 13 -> ErrorCode.MESSAGE_REJECTED;
            case 16 -> ErrorCode.NO_PERMISSION;
            case 17, 10005 -> ErrorCode.TOPIC_NOT_FOUND;
            case 23, 27, 28 -> ErrorCode.INVALID_SELECTOR;
            case 29 -> ErrorCode.INVALID_DESTINATION;
            case 14, 1500, 10001, 10002, 10003, 10004, 10006 -> ErrorCode.CONNECTION_FAILED;
            default -> ErrorCode.BROKER_ERROR;
        };
    }

    /**
     * Translates any failure from below the provider interface into a {@code JMSException}: a JMSException passes
     * through unchanged; a {@link ResponseCodeCarrier} (anywhere in the cause chain) maps by its code; timeouts and
     * I/O failures become {@link ErrorCode#CONNECTION_FAILED}; anything else is {@link ErrorCode#INTERNAL}.
     */
    public static JMSException translate(Throwable failure) {
        if (failure instanceof JMSException jms) {
            return jms;
        }
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ResponseCodeCarrier carrier) {
                ErrorCode code = forResponseCode(carrier.responseCode());
                return create(code, "broker/client error " + carrier.responseCode() + ": " + failure.getMessage(), failure);
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.util.concurrent.TimeoutException || t instanceof java.io.IOException) {
                return create(ErrorCode.CONNECTION_FAILED, String.valueOf(failure.getMessage()), failure);
            }
        }
        if (failure instanceof java.lang.IllegalStateException) {
            return create(ErrorCode.ILLEGAL_STATE, String.valueOf(failure.getMessage()), failure);
        }
        return create(ErrorCode.INTERNAL, String.valueOf(failure), failure);
    }
}
