package dev.apogee.remoting.protocol.pop;

/**
 * The receipt handle of a popped message: the official {@code extraInfo}, which a consumer hands back to ack the
 * message or change its invisible time. On the wire eight space-separated fields:
 *
 * <pre>
 *  0 ckQueueOffset   start offset of the pop checkpoint the message belongs to
 *  1 popTime         broker time (ms) of the pop
 *  2 invisibleTime   ms the message stays invisible after popTime
 *  3 reviveQid       revive queue of the checkpoint; 999 marks an orderly pop
 *  4 retry           0 the topic, 1/2 the group's V1/V2 pop retry topic (see {@link PopTopics})
 *  5 brokerName
 *  6 queueId
 *  7 queueOffset     the message's own offset (absent in the older seven-field form)
 * </pre>
 *
 * @param queueOffset the message's offset, {@link #UNKNOWN_OFFSET} for a seven-field handle
 */
public record ReceiptHandle(long ckQueueOffset, long popTime, long invisibleTime, int reviveQid, String retry,
                            String brokerName, int queueId, long queueOffset) {
    public static final long UNKNOWN_OFFSET = -1;

    public ReceiptHandle {
        if (retry == null || !PopTopics.isMarker(retry)) {
            throw new IllegalArgumentException("receipt handle retry marker must be 0, 1 or 2, got '" + retry + "'");
        }
        if (brokerName == null || brokerName.isEmpty() || brokerName.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("receipt handle broker name must be non-empty without spaces, got '"
                    + brokerName + "'");
        }
    }

    /** The handle of a message popped from {@code topic} (the topic the message was read from, maybe a retry one). */
    public static ReceiptHandle of(long ckQueueOffset, long popTime, long invisibleTime, int reviveQid, String topic,
                                   String brokerName, int queueId, long queueOffset) {
        return new ReceiptHandle(ckQueueOffset, popTime, invisibleTime, reviveQid, PopTopics.retryMarker(topic),
                brokerName, queueId, queueOffset);
    }

    /**
     * Parses a handle in the eight- or seven-field form.
     *
     * @throws IllegalArgumentException naming the field when {@code extraInfo} is null, has another number of fields,
     *                                  or a field does not parse
     */
    public static ReceiptHandle parse(String extraInfo) {
        if (extraInfo == null) {
            throw new IllegalArgumentException("receipt handle is null");
        }
        String[] fields = extraInfo.split(" ");
        if (fields.length != 7 && fields.length != 8) {
            throw new IllegalArgumentException("receipt handle must have 7 or 8 space-separated fields, got "
                    + fields.length + ": '" + shorten(extraInfo) + "'");
        }
        return new ReceiptHandle(number(fields, 0, "ckQueueOffset", extraInfo),
                number(fields, 1, "popTime", extraInfo),
                number(fields, 2, "invisibleTime", extraInfo),
                intNumber(fields, 3, "reviveQid", extraInfo),
                fields[4], fields[5],
                intNumber(fields, 6, "queueId", extraInfo),
                fields.length == 8 ? number(fields, 7, "queueOffset", extraInfo) : UNKNOWN_OFFSET);
    }

    /** The wire form; seven fields when the queue offset is unknown. */
    public String encode() {
        StringBuilder out = new StringBuilder(64).append(ckQueueOffset).append(' ').append(popTime).append(' ')
                .append(invisibleTime).append(' ').append(reviveQid).append(' ').append(retry).append(' ')
                .append(brokerName).append(' ').append(queueId);
        if (queueOffset != UNKNOWN_OFFSET) {
            out.append(' ').append(queueOffset);
        }
        return out.toString();
    }

    public boolean isOrderly() {
        return reviveQid == PopTopics.ORDERLY_REVIVE_QID;
    }

    /** Broker time (ms) after which the message becomes visible again unless acked or changed. */
    public long visibleAt() {
        return popTime + invisibleTime;
    }

    /** The topic to name in ack / change requests for a message of subscribed {@code topic} and {@code group}. */
    public String realTopic(String topic, String group) {
        return PopTopics.realTopic(retry, topic, group);
    }

    @Override
    public String toString() {
        return encode();
    }

    private static long number(String[] fields, int index, String name, String extraInfo) {
        try {
            return Long.parseLong(fields[index]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("receipt handle field " + index + " (" + name + ") must be a number, got '"
                    + shorten(fields[index]) + "' in '" + shorten(extraInfo) + "'");
        }
    }

    private static int intNumber(String[] fields, int index, String name, String extraInfo) {
        long value = number(fields, index, name, extraInfo);
        if (value != (int) value) {
            throw new IllegalArgumentException("receipt handle field " + index + " (" + name + ") is out of int range: '"
                    + fields[index] + "'");
        }
        return (int) value;
    }

    private static String shorten(String text) {
        return text.length() > 128 ? text.substring(0, 128) + "..." : text;
    }
}
