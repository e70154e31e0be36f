package dev.apogee.remoting.selector;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The values a JMS selector sees ({@link Dialect#JMS}), read back from the RocketMQ string properties that Apogee's
 * JMS provider writes (the mapping in {@code jms-provider/MAPPING.md}): the broker evaluates JMS-typed
 * subscriptions with it, the provider's queue browser too, so both agree with what the received message reports.
 *
 * <ul>
 *   <li>User properties get their JMS type back from the type map {@code __JMS_T} ({@code name:CODE;…}): {@code Z}
 *       Boolean, {@code B} Byte, {@code S} Short, {@code I} Integer, {@code J} Long, {@code F} Float, {@code D}
 *       Double, {@code N} null, {@code T0} the empty String, {@code TE} an escaped String; a property without an
 *       entry is a String, so {@code '42'} set as a String never equals the number 42. A typed value that no longer
 *       parses (a native relay rewrote it) is the String it is, as on receive.</li>
 *   <li>Header fields as the received message reports them: {@code JMSDeliveryMode} {@code 'PERSISTENT'} or
 *       {@code 'NON_PERSISTENT'} (never NULL), {@code JMSPriority} an int 0…9 (default 4), {@code JMSTimestamp} a
 *       long (default: the born timestamp), {@code JMSMessageID} {@code 'ID:'} + {@code UNIQ_KEY},
 *       {@code JMSCorrelationID} (also when set as bytes, as UTF-8) and {@code JMSType} Strings.</li>
 *   <li>{@code JMS_Apogee_Tag} and {@code TAGS} are the RocketMQ tag, {@code JMS_Apogee_Keys} the keys. Other
 *       {@code JMS…} names that are neither {@code JMSX…} nor {@code JMS_…} (headers selectors cannot see, such as
 *       {@code JMSDestination}) and the provider's internal {@code __JMS_…} properties are NULL.
 *       {@code JMSXDeliveryCount} is not on the wire and is NULL.</li>
 * </ul>
 *
 * <p>Not thread-safe: one instance is re-pointed at each message ({@link #wrap}) by the thread evaluating it.
 */
public final class JmsWireValues implements ValueResolver {
    /** The type map property of the JMS mapping. */
    public static final String TYPES = "__JMS_T";
    static final String INTERNAL_PREFIX = "__JMS_";
    static final String CORRELATION_ID_BYTES = "__JMS_CIDB";
    static final String NATIVE_CORRELATION_ID = "CORRELATION_ID";
    static final String UNIQ_KEY = "UNIQ_KEY";
    static final String TAGS = "TAGS";
    static final String KEYS = "KEYS";
    static final String TAG_PROPERTY = "JMS_Apogee_Tag";
    static final String KEYS_PROPERTY = "JMS_Apogee_Keys";
    private static final int DEFAULT_PRIORITY = 4;
    private static final String[] CODES = {"Z", "B", "S", "I", "J", "F", "D", "N", "T", "TE", "T0"};

    private ValueResolver wire = EMPTY;
    private long bornTimestamp;

    /**
     * Points at one message.
     *
     * @param wire          its raw properties by wire name (a non-String answer counts as absent)
     * @param bornTimestamp the JMSTimestamp of a message that carries none
     */
    public JmsWireValues wrap(ValueResolver wire, long bornTimestamp) {
        this.wire = wire;
        this.bornTimestamp = bornTimestamp;
        return this;
    }

    /** The wire property names {@link #get} reads to resolve {@code identifiers}: decode only these. */
    public static Set<String> wireNames(Set<String> identifiers) {
        Set<String> names = new LinkedHashSet<>();
        for (String identifier : identifiers) {
            switch (identifier) {
                case HeaderIdentifiers.JMS_DELIVERY_MODE, HeaderIdentifiers.JMS_PRIORITY,
                        HeaderIdentifiers.JMS_TIMESTAMP -> names.add(identifier);
                case HeaderIdentifiers.JMS_MESSAGE_ID -> names.addAll(Set.of(UNIQ_KEY, identifier, TYPES));
                case HeaderIdentifiers.JMS_CORRELATION_ID ->
                        names.addAll(Set.of(CORRELATION_ID_BYTES, identifier, NATIVE_CORRELATION_ID, TYPES));
                case TAGS, TAG_PROPERTY -> names.add(TAGS);
                case KEYS_PROPERTY -> names.add(KEYS);
                default -> {
                    if (!hidden(identifier)) {
                        names.add(identifier);
                        names.add(TYPES);
                    }
                }
            }
        }
        return names;
    }

    @Override
    public Object get(String identifier) {
        return switch (identifier) {
            case HeaderIdentifiers.JMS_DELIVERY_MODE -> {
                String mode = raw(HeaderIdentifiers.JMS_DELIVERY_MODE);
                yield HeaderIdentifiers.NON_PERSISTENT.equals(mode) || "1".equals(mode)
                        ? HeaderIdentifiers.NON_PERSISTENT : HeaderIdentifiers.PERSISTENT;
            }
            case HeaderIdentifiers.JMS_PRIORITY ->
                    (int) Math.max(0, Math.min(9, parseLong(raw(identifier), DEFAULT_PRIORITY)));
            case HeaderIdentifiers.JMS_TIMESTAMP -> parseLong(raw(identifier), bornTimestamp);
            case HeaderIdentifiers.JMS_MESSAGE_ID -> {
                String uniq = raw(UNIQ_KEY);
                yield uniq != null ? "ID:" + uniq : typed(identifier);
            }
            case HeaderIdentifiers.JMS_CORRELATION_ID -> correlationId();
            case TAGS, TAG_PROPERTY -> raw(TAGS);
            case KEYS_PROPERTY -> raw(KEYS);
            default -> hidden(identifier) ? null : typed(identifier);
        };
    }

    /** Names a JMS selector cannot read: non-selectable headers and the mapping's own properties. */
    private static boolean hidden(String identifier) {
        if (identifier.startsWith(INTERNAL_PREFIX)) {
            return true;
        }
        return identifier.startsWith("JMS") && !identifier.startsWith("JMSX") && !identifier.startsWith("JMS_")
                && !HeaderIdentifiers.isHeader(identifier);
    }

    private Object correlationId() {
        String bytes = typedString(CORRELATION_ID_BYTES);
        if (bytes != null) {
            try {
                return new String(Base64.getDecoder().decode(bytes), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException corrupt) {
                return null;
            }
        }
        String code = typeCode(HeaderIdentifiers.JMS_CORRELATION_ID);
        if (code != null || raw(HeaderIdentifiers.JMS_CORRELATION_ID) != null) {
            return typed(HeaderIdentifiers.JMS_CORRELATION_ID);
        }
        return raw(NATIVE_CORRELATION_ID);
    }

    private String typedString(String name) {
        return typed(name) instanceof String s ? s : null;
    }

    /** As the provider's {@code WireProperties.Reader.typed}. */
    private Object typed(String name) {
        String code = typeCode(name);
        if ("T0".equals(code)) {
            return "";
        }
        if ("N".equals(code)) {
            return null;
        }
        String raw = raw(name);
        if (raw == null || code == null || code.startsWith("T")) {
            return raw != null && "TE".equals(code) ? unescape(raw) : raw;
        }
        return typed(code, raw);
    }

    /**
     * The value of a property stored as {@code raw} with the type-map {@code code} (Z B S I J F D; anything else is the
     * string itself). Shared with the JMS provider's message layer, so that the broker's selectors and the received
     * message read a property the same way; a value that does not parse stays the string it is.
     */
    public static Object typed(String code, String raw) {
        try {
            return switch (code) {
                case "Z" -> Boolean.valueOf(raw);
                case "B" -> Byte.valueOf(raw);
                case "S" -> Short.valueOf(raw);
                case "I" -> Integer.valueOf(raw);
                case "J" -> Long.valueOf(raw);
                case "F" -> Float.valueOf(raw);
                case "D" -> Double.valueOf(raw);
                default -> raw;
            };
        } catch (NumberFormatException e) {
            return raw;
        }
    }

    private String raw(String name) {
        return wire.get(name) instanceof String s ? s : null;
    }

    /** The code of {@code name}'s last entry in the type map, or null; scans the map without splitting it. */
    private String typeCode(String name) {
        String map = raw(TYPES);
        if (map == null) {
            return null;
        }
        String code = null;
        int n = map.length();
        int entry = 0;
        while (entry < n) {
            int end = map.indexOf(';', entry);
            if (end < 0) {
                end = n;
            }
            int colon = map.lastIndexOf(':', end - 1);
            if (colon > entry && colon < end - 1 && colon - entry == name.length() && map.startsWith(name, entry)) {
                code = canonical(map, colon + 1, end);
            }
            entry = end + 1;
        }
        return code;
    }

    private static String canonical(String map, int from, int to) {
        for (String code : CODES) {
            if (code.length() == to - from && map.startsWith(code, from)) {
                return code;
            }
        }
        return map.substring(from, to);
    }

    private static long parseLong(String value, long fallback) {
        if (value == null) {
            return fallback;
        }
        Number n = NumericStrings.parse(value.trim());
        return n instanceof Long l ? l : fallback;
    }

    /** As the provider's {@code WireProperties.unescape}: {@code %25}, {@code %01}, {@code %02}; others stay. */
    static String unescape(String value) {
        if (value.indexOf('%') < 0) {
            return value;
        }
        StringBuilder sb = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '%' && i + 2 < value.length()) {
                char decoded = switch (value.substring(i + 1, i + 3)) {
                    case "25" -> '%';
                    case "01" -> '\u0001';
                    case "02" -> '\u0002';
                    default -> 0;
                };
                if (decoded != 0) {
                    sb.append(decoded);
                    i += 2;
                    continue;
                }
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
