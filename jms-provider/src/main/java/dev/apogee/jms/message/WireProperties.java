package dev.apogee.jms.message;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.remoting.selector.JmsWireValues;
import jakarta.jms.JMSException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes and reads JMS values as RocketMQ string properties plus the {@code __JMS_T} type map.
 *
 * <p>Type map: {@code name:CODE[FLAG];name:CODE[FLAG];…} where CODE is {@code Z} boolean, {@code B} byte, {@code S}
 * short, {@code I} int, {@code J} long, {@code F} float, {@code D} double, {@code T} String, {@code N} null (absent
 * on the wire) and FLAG is {@code E} (the wire value is escaped: {@code %}→{@code %25}, {@code \u0001}→{@code %01},
 * {@code \u0002}→{@code %02}) or {@code 0} (empty string, absent on the wire, because RocketMQ drops empty values).
 * A plain String needs no entry: a property without an entry is a String.
 */
final class WireProperties {
    static final String TYPES = "__JMS_T";

    private WireProperties() {
    }

    /**
     * Collects properties and type-map entries for one message being encoded. Each name is put at most once (the
     * codec writes every header once, and user property names are unique and never a header's or the mapping's), so
     * the writer appends without looking names up.
     */
    static final class Writer {
        private final WirePropertyMap.Builder properties = WirePropertyMap.builder();
        /** The type map, made on the first property that needs an entry (most messages have none). */
        private StringBuilder types;

        /** Puts a plain (never empty, separator-free) value such as a number, marker or destination string. */
        void putRaw(String name, String value) {
            properties.append(name, value);
        }

        /** Puts a String header or property value: escaped or flagged in the type map if needed. */
        void putString(String name, String value) throws JMSException {
            if (value == null) {
                type(name, "N");
            } else if (value.isEmpty()) {
                type(name, "T0");
            } else if (needsEscape(value)) {
                properties.append(name, escape(value));
                type(name, "TE");
            } else {
                properties.append(name, value);
            }
        }

        /** Puts a typed user property. */
        void putTyped(String name, Object value) throws JMSException {
            if (value == null || value instanceof String) {
                putString(name, (String) value);
                return;
            }
            properties.append(name, value.toString());
            type(name, code(value));
        }

        private void type(String name, String code) throws JMSException {
            if (name.indexOf(':') >= 0 || name.indexOf(';') >= 0) {
                throw JmsExceptions.create(ErrorCode.UNENCODABLE_VALUE,
                        "property '" + name + "' needs a type entry but its name contains ':' or ';'");
            }
            if (types == null) {
                types = new StringBuilder();
            } else {
                types.append(';');
            }
            types.append(name).append(':').append(code);
        }

        /** The properties written (the writer must not be used afterwards). */
        WirePropertyMap finish() {
            if (types != null) {
                properties.append(TYPES, types.toString());
            }
            return properties.build();
        }
    }

    /**
     * Reads values of one received message, honouring its type map. Values are passed in by the caller, who has
     * them from its one pass over the properties; a message without a type map (the common case) allocates nothing.
     */
    static final class Reader {
        private static final Map<String, String> NO_TYPES = Map.of();
        private final Map<String, String> types;

        /** @param typeMap the {@code __JMS_T} value, or null */
        Reader(String typeMap) {
            if (typeMap == null) {
                types = NO_TYPES;
                return;
            }
            types = new LinkedHashMap<>();
            for (String entry : typeMap.split(";")) {
                int colon = entry.lastIndexOf(':');
                if (colon > 0 && colon < entry.length() - 1) {
                    types.put(entry.substring(0, colon), entry.substring(colon + 1));
                }
            }
        }

        /** Names with a type entry (including null and empty values absent from the wire). */
        Iterable<String> typedNames() {
            return types.keySet();
        }

        /** Whether {@code name} has a type entry. */
        boolean hasType(String name) {
            return types.containsKey(name);
        }

        /** A String value (header or property) whose wire value is {@code raw}: unescaped, "" for an empty entry. */
        String string(String name, String raw) {
            if (types.isEmpty()) {
                return raw;
            }
            String code = types.get(name);
            if ("T0".equals(code)) {
                return "";
            }
            if (raw == null) {
                return null;
            }
            return "TE".equals(code) ? unescape(raw) : raw;
        }

        /**
         * A user property with its JMS type, from its wire value {@code raw} (null when absent from the wire). A
         * value that does not parse as its declared type (a native producer overwrote it) is returned as the String
         * it is.
         */
        Object typed(String name, String raw) {
            String code = types.isEmpty() ? null : types.get(name);
            if (code == null || code.startsWith("T")) {
                return string(name, raw);
            }
            if (code.equals("N") || raw == null) {
                return null;
            }
            return JmsWireValues.typed(code, raw);
        }
    }

    static String code(Object value) {
        if (value instanceof Boolean) {
            return "Z";
        } else if (value instanceof Byte) {
            return "B";
        } else if (value instanceof Short) {
            return "S";
        } else if (value instanceof Integer) {
            return "I";
        } else if (value instanceof Long) {
            return "J";
        } else if (value instanceof Float) {
            return "F";
        } else if (value instanceof Double) {
            return "D";
        }
        throw new IllegalArgumentException("not a property type: " + value.getClass().getName());
    }

    static boolean needsEscape(String value) {
        return value.indexOf('\u0001') >= 0 || value.indexOf('\u0002') >= 0;
    }

    static String escape(String value) {
        StringBuilder sb = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '%' -> sb.append("%25");
                case '\u0001' -> sb.append("%01");
                case '\u0002' -> sb.append("%02");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    static String unescape(String value) {
        StringBuilder sb = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '%' && i + 2 < value.length()) {
                String hex = value.substring(i + 1, i + 3);
                switch (hex) {
                    case "25" -> sb.append('%');
                    case "01" -> sb.append('\u0001');
                    case "02" -> sb.append('\u0002');
                    default -> {
                        sb.append(c);
                        continue;
                    }
                }
                i += 2;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
