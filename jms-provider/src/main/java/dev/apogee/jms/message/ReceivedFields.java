package dev.apogee.jms.message;

import dev.apogee.client.message.PropertiesCodec;
import jakarta.jms.Message;

import java.util.HashSet;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The mapping's own properties of a received message, picked out in one pass over its pairs: numbers are parsed
 * where they stand, the destination, reply-to and message id stay ranges until the codec resolves them (from its
 * caches, mostly), and strings are made only for headers that are strings anyway. {@link #others} counts the user
 * properties (names that are neither the mapping's nor RocketMQ's, see {@link WireNames#isSystem}); the codec reads
 * those from the map only when there are some. Repeated names: the later pair wins, as in the map.
 *
 * <p>One instance per decoded message, on the decoding thread.
 */
final class ReceivedFields implements PropertiesCodec.PairRanges, BiConsumer<String, String> {
    private static final String[] FIELD_NAMES = {WireNames.BODY, WireNames.EMPTY_BODY, WireNames.TYPES,
        WireNames.UNIQ_KEY, WireNames.MESSAGE_ID, WireNames.TIMESTAMP, WireNames.CORRELATION_ID,
        WireNames.CORRELATION_ID_BYTES, WireNames.NATIVE_CORRELATION_ID, WireNames.REPLY_TO, WireNames.DESTINATION,
        WireNames.DELIVERY_MODE, WireNames.PRIORITY, WireNames.TYPE, WireNames.EXPIRATION, WireNames.DELIVERY_TIME};
    private static final int BODY = 0;
    private static final int EMPTY_BODY = 1;
    private static final int TYPES = 2;
    private static final int UNIQ_KEY = 3;
    private static final int MESSAGE_ID = 4;
    private static final int TIMESTAMP = 5;
    private static final int CORRELATION_ID = 6;
    private static final int CORRELATION_ID_BYTES = 7;
    private static final int NATIVE_CORRELATION_ID = 8;
    private static final int REPLY_TO = 9;
    private static final int DESTINATION = 10;
    private static final int DELIVERY_MODE = 11;
    private static final int PRIORITY = 12;
    private static final int TYPE = 13;
    private static final int EXPIRATION = 14;
    private static final int DELIVERY_TIME = 15;
    private static final NameTable FIELDS = new NameTable(FIELD_NAMES);
    private static final NameTable SYSTEM = new NameTable(systemNames());
    private static final String TRANSIENT_PREFIX = "__RMQ.TRANSIENT.";
    private static final String ID_PREFIX = "ID:";

    /** The body kind its marker names; null when absent or unknown (then the body is bytes). */
    BodyKind kind;
    /** Whether {@code __JMS_EMPTY} is present: the one-byte body stands for no body. */
    boolean emptyMarked;
    /** {@code __JMS_EMPTY} says "empty" (a zero-length body) rather than "null" (no body). */
    boolean emptyNotNull;
    String types;
    String correlationId;
    String correlationIdBytes;
    String nativeCorrelationId;
    String type;
    long timestamp;
    long priority = Message.DEFAULT_PRIORITY;
    long expiration;
    long deliveryTime;
    boolean nonPersistent;
    int others;
    private final long bornTimestamp;
    /*
     * Ranges of the message's strings (source null: absent), kept as fields rather than range objects: four more
     * objects per received message otherwise.
     */
    private String uniqKeySource;
    private int uniqKeyStart;
    private int uniqKeyEnd;
    private String messageIdSource;
    private int messageIdStart;
    private int messageIdEnd;
    String replyToSource;
    int replyToStart;
    int replyToEnd;
    String destinationSource;
    int destinationStart;
    int destinationEnd;

    /** @param bornTimestamp the JMSTimestamp of a message without one (a native producer's) */
    ReceivedFields(long bornTimestamp) {
        this.bornTimestamp = bornTimestamp;
        this.timestamp = bornTimestamp;
    }

    @Override
    public void pair(String source, int nameStart, int nameEnd, int valueStart, int valueEnd) {
        take(source, nameStart, nameEnd, source, valueStart, valueEnd);
    }

    @Override
    public void accept(String name, String value) {
        take(name, 0, name.length(), value, 0, value.length());
    }

    /** JMSMessageID: from UNIQ_KEY when there is one (a JMSMessageID pair saying the same is taken as it is). */
    String messageId(WireProperties.Reader reader) {
        if (uniqKeySource == null) {
            return reader.string(WireNames.MESSAGE_ID, messageIdSource == null ? null
                    : messageIdSource.substring(messageIdStart, messageIdEnd));
        }
        int length = uniqKeyEnd - uniqKeyStart;
        if (messageIdSource != null && messageIdEnd - messageIdStart == ID_PREFIX.length() + length
                && messageIdSource.startsWith(ID_PREFIX, messageIdStart)
                && messageIdSource.regionMatches(messageIdStart + ID_PREFIX.length(), uniqKeySource, uniqKeyStart,
                length)) {
            return messageIdSource.substring(messageIdStart, messageIdEnd);
        }
        return ID_PREFIX + uniqKeySource.substring(uniqKeyStart, uniqKeyEnd);
    }

    private void take(String names, int nameStart, int nameEnd, String values, int start, int end) {
        switch (FIELDS.find(names, nameStart, nameEnd)) {
            case BODY -> kind = BodyKind.fromMarker(values, start, end);
            case EMPTY_BODY -> {
                emptyMarked = true;
                emptyNotNull = end - start == 5 && values.startsWith("empty", start);
            }
            case TYPES -> types = values.substring(start, end);
            case UNIQ_KEY -> {
                uniqKeySource = values;
                uniqKeyStart = start;
                uniqKeyEnd = end;
            }
            case MESSAGE_ID -> {
                messageIdSource = values;
                messageIdStart = start;
                messageIdEnd = end;
            }
            case TIMESTAMP -> timestamp = parseLong(values, start, end, bornTimestamp);
            case CORRELATION_ID -> correlationId = values.substring(start, end);
            case CORRELATION_ID_BYTES -> correlationIdBytes = values.substring(start, end);
            case NATIVE_CORRELATION_ID -> nativeCorrelationId = values.substring(start, end);
            case REPLY_TO -> {
                replyToSource = values;
                replyToStart = start;
                replyToEnd = end;
            }
            case DESTINATION -> {
                destinationSource = values;
                destinationStart = start;
                destinationEnd = end;
            }
            case DELIVERY_MODE -> nonPersistent = is("NON_PERSISTENT", values, start, end) || is("1", values, start,
                    end);
            case PRIORITY -> priority = parseLong(values, start, end, Message.DEFAULT_PRIORITY);
            case TYPE -> type = values.substring(start, end);
            case EXPIRATION -> expiration = parseLong(values, start, end, 0L);
            case DELIVERY_TIME -> deliveryTime = parseLong(values, start, end, 0L);
            default -> {
                if (!isSystem(names, nameStart, nameEnd)) {
                    others++;
                }
            }
        }
    }

    private static boolean isSystem(String names, int start, int end) {
        return SYSTEM.find(names, start, end) >= 0 || names.startsWith(WireNames.INTERNAL_PREFIX, start)
                || names.startsWith(TRANSIENT_PREFIX, start);
    }

    private static boolean is(String expected, String values, int start, int end) {
        return expected.length() == end - start && values.startsWith(expected, start);
    }

    /** Lenient, as for a String value trimmed: what a native producer got wrong falls back to the default. */
    private static long parseLong(String values, int start, int end, long fallback) {
        while (start < end && values.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && values.charAt(end - 1) <= ' ') {
            end--;
        }
        try {
            return Long.parseLong(values, start, end, 10);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static String[] systemNames() {
        Set<String> names = new HashSet<>(WireNames.ROCKETMQ_RESERVED);
        names.addAll(WireNames.HEADERS);
        return names.toArray(new String[0]);
    }
}
