package dev.apogee.remoting.config;

import java.lang.reflect.AnnotatedElement;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What one setting accepts, and the parsing of its text form. Derived from the setting's Java type, its key and
 * the annotations declared on it, so that a setting added to a config bean is validated without further code:
 *
 * <ul>
 *   <li>{@code int}/{@code long}: a decimal number within {@link Range}; without one, {@code >= 0}, and an
 *       {@code int} whose key ends in {@code Port} is a port, {@code 0..65535} (0 = any free port).</li>
 *   <li>{@code boolean}: {@code true} or {@code false}, any case.</li>
 *   <li>Java enums: a constant's name, exactly.</li>
 *   <li>{@code String}: anything, unless {@link OneOf} or {@link Matches} is declared.</li>
 *   <li>{@link Path}: a path the file system accepts.</li>
 * </ul>
 * A refused value throws {@link InvalidSettingException}; nothing is ever replaced by a default.
 */
public final class SettingRule {
    private static final String PORT_SUFFIX = "Port";
    private static final int MAX_PORT = 65_535;

    private final String key;
    private final Class<?> type;
    private final long min;
    private final long max;
    private final List<String> choices;
    private final boolean ignoreCase;
    private final Pattern pattern;
    private final String allowed;

    private SettingRule(String key, Class<?> type, AnnotatedElement declaration) {
        this.key = key;
        this.type = boxed(type);
        Range range = declaration == null ? null : declaration.getAnnotation(Range.class);
        OneOf oneOf = declaration == null ? null : declaration.getAnnotation(OneOf.class);
        Matches matches = declaration == null ? null : declaration.getAnnotation(Matches.class);
        long typeMax = this.type == Integer.class ? Integer.MAX_VALUE : Long.MAX_VALUE;
        long typeMin = this.type == Integer.class ? Integer.MIN_VALUE : Long.MIN_VALUE;
        if (range != null) {
            min = Math.max(range.min(), typeMin);
            max = Math.min(range.max(), typeMax);
        } else {
            min = 0;
            max = this.type == Integer.class && key.endsWith(PORT_SUFFIX) ? MAX_PORT : typeMax;
        }
        if (this.type.isEnum()) {
            choices = Arrays.stream(this.type.getEnumConstants()).map(c -> ((Enum<?>) c).name()).toList();
        } else {
            choices = oneOf == null ? List.of() : List.of(oneOf.value());
        }
        ignoreCase = oneOf != null && oneOf.ignoreCase();
        pattern = matches == null ? null : Pattern.compile(matches.regex());
        allowed = describe(matches);
    }

    /**
     * The rule of setting {@code key}.
     *
     * @param type        the setting's Java type (primitive or boxed number/boolean, String, Path or an enum)
     * @param declaration where {@link Range}, {@link OneOf} or {@link Matches} may be declared (the bean's field),
     *                    or null
     * @throws IllegalArgumentException when the type cannot be a setting
     */
    public static SettingRule of(String key, Class<?> type, AnnotatedElement declaration) {
        Class<?> boxed = boxed(type);
        if (boxed != Integer.class && boxed != Long.class && boxed != Boolean.class && boxed != String.class
                && boxed != Path.class && !boxed.isEnum()) {
            throw new IllegalArgumentException("setting " + key + " has unsupported type " + type.getSimpleName());
        }
        return new SettingRule(key, type, declaration);
    }

    /** Whether {@code type} can be a setting at all (what {@link #of} accepts). */
    public static boolean supports(Class<?> type) {
        Class<?> boxed = boxed(type);
        return boxed == Integer.class || boxed == Long.class || boxed == Boolean.class || boxed == String.class
                || boxed == Path.class || boxed.isEnum();
    }

    public String key() {
        return key;
    }

    /** What is allowed, as the operator reads it: {@code "an integer from 0 to 65535"}, {@code "true or false"}. */
    public String allowed() {
        return allowed;
    }

    /**
     * The typed value of {@code text} (trimmed): an {@code Integer}, {@code Long}, {@code Boolean}, {@code String},
     * {@code Path} or enum constant.
     *
     * @throws InvalidSettingException naming the key, the value and what is allowed
     */
    public Object parse(String text) {
        String value = text == null ? "" : text.trim();
        if (type == Integer.class || type == Long.class) {
            long number;
            try {
                number = Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw refused(value);
            }
            if (number < min || number > max) {
                throw refused(value);
            }
            // not a conditional expression: it would unbox both branches and return every int as a Long
            if (type == Integer.class) {
                return Integer.valueOf((int) number);
            }
            return Long.valueOf(number);
        }
        if (type == Boolean.class) {
            if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                throw refused(value);
            }
            return Boolean.valueOf(value);
        }
        if (!choices.isEmpty() && choices.stream().noneMatch(c -> ignoreCase ? c.equalsIgnoreCase(value)
                : c.equals(value))) {
            throw refused(value);
        }
        if (pattern != null && !pattern.matcher(value).matches()) {
            throw refused(value);
        }
        if (type.isEnum()) {
            return enumConstant(value);
        }
        if (type == Path.class) {
            try {
                return Path.of(value);
            } catch (InvalidPathException e) {
                throw refused(value);
            }
        }
        return value;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object enumConstant(String value) {
        return Enum.valueOf((Class<? extends Enum>) type, value);
    }

    private InvalidSettingException refused(String value) {
        return new InvalidSettingException(key, value, allowed);
    }

    private String describe(Matches matches) {
        if (type == Integer.class || type == Long.class) {
            String kind = type == Integer.class ? "an integer" : "a whole number";
            long typeMax = type == Integer.class ? Integer.MAX_VALUE : Long.MAX_VALUE;
            return max == typeMax ? kind + " >= " + min : kind + " from " + min + " to " + max;
        }
        if (type == Boolean.class) {
            return "true or false";
        }
        if (!choices.isEmpty()) {
            return String.join(", ", choices) + (ignoreCase ? " (any case)" : "");
        }
        if (matches != null) {
            return matches.description();
        }
        return type == Path.class ? "a file system path" : "any text";
    }

    private static Class<?> boxed(Class<?> type) {
        if (type == int.class) {
            return Integer.class;
        }
        if (type == long.class) {
            return Long.class;
        }
        if (type == boolean.class) {
            return Boolean.class;
        }
        return type;
    }

    @Override
    public String toString() {
        return key + ": " + allowed;
    }
}
