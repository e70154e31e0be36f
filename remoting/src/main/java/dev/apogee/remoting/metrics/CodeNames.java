package dev.apogee.remoting.metrics;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Label values for request and response codes as Apache RocketMQ writes them: the constant's name in lower case
 * ({@code send_message}, {@code success}); a code without a constant is its number. Immutable after construction.
 */
final class CodeNames {
    private final Map<Integer, String> names = new HashMap<>();

    CodeNames(Class<?> constants) {
        for (Field field : constants.getFields()) {
            int modifiers = field.getModifiers();
            if (field.getType() == int.class && Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers)) {
                try {
                    // the first constant of a value wins (aliases keep the older name)
                    names.putIfAbsent(field.getInt(null), field.getName().toLowerCase(Locale.ROOT));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("cannot read " + field, e);
                }
            }
        }
    }

    String of(int code) {
        String name = names.get(code);
        return name != null ? name : Integer.toString(code);
    }
}
