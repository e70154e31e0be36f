package dev.apogee.remoting.protocol.pop;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The three strings of a POP_MESSAGE response that let the client build each message's {@link ReceiptHandle}.
 * Each is a {@code ;}-separated list of entries {@code "<retry> <queue> <value>"}, where {@code <retry>} is the
 * topic's marker ({@link PopTopics#retryMarker}) and {@code <queue>} a queue id or, in the per-offset order counts,
 * {@code qo<queueId>%<offset>}:
 * <ul>
 *   <li>{@code startOffsetInfo}: value the checkpoint start offset of that queue's popped batch;</li>
 *   <li>{@code msgOffsetInfo}: value the popped offsets, {@code ,}-separated, in pop order;</li>
 *   <li>{@code orderCountInfo} (orderly pops): value how often the queue, or the message at that offset, was
 *   consumed before (its reconsume count).</li>
 * </ul>
 * Parsed maps are keyed {@code <retry>@<queue>} ({@link #key}, {@link #offsetKey}).
 */
public final class PopInfoCodec {
    private static final String QUEUE_OFFSET = "qo";

    private PopInfoCodec() {
    }

    /** Key of a queue's entries: {@code <retry>@<queueId>}. */
    public static String key(String topic, int queueId) {
        return PopTopics.retryMarker(topic) + '@' + queueId;
    }

    /** Key of one message's order count: {@code <retry>@qo<queueId>%<offset>}. */
    public static String offsetKey(String topic, int queueId, long offset) {
        return PopTopics.retryMarker(topic) + '@' + QUEUE_OFFSET + queueId + '%' + offset;
    }

    public static void appendStartOffset(StringBuilder info, String topic, int queueId, long startOffset) {
        entry(info, topic).append(queueId).append(' ').append(startOffset);
    }

    public static void appendMsgOffsets(StringBuilder info, String topic, int queueId, List<Long> offsets) {
        entry(info, topic).append(queueId).append(' ');
        for (int i = 0; i < offsets.size(); i++) {
            if (i > 0) {
                info.append(',');
            }
            info.append(offsets.get(i).longValue());
        }
    }

    public static void appendQueueOrderCount(StringBuilder info, String topic, int queueId, int count) {
        entry(info, topic).append(queueId).append(' ').append(count);
    }

    public static void appendOffsetOrderCount(StringBuilder info, String topic, int queueId, long offset, int count) {
        entry(info, topic).append(QUEUE_OFFSET).append(queueId).append('%').append(offset).append(' ').append(count);
    }

    /** @throws IllegalArgumentException for a malformed entry; null or empty gives an empty map */
    public static Map<String, Long> parseStartOffsets(String info) {
        Map<String, Long> parsed = new HashMap<>();
        for (String[] entry : entries(info, "startOffsetInfo")) {
            parsed.put(entry[0] + '@' + queueId(entry, "startOffsetInfo"), number(entry[2], entry, "startOffsetInfo"));
        }
        return parsed;
    }

    /** @throws IllegalArgumentException for a malformed entry; null or empty gives an empty map */
    public static Map<String, List<Long>> parseMsgOffsets(String info) {
        Map<String, List<Long>> parsed = new HashMap<>();
        for (String[] entry : entries(info, "msgOffsetInfo")) {
            String[] values = entry[2].split(",");
            List<Long> offsets = new ArrayList<>(values.length);
            for (String value : values) {
                offsets.add(number(value, entry, "msgOffsetInfo"));
            }
            parsed.put(entry[0] + '@' + queueId(entry, "msgOffsetInfo"), offsets);
        }
        return parsed;
    }

    /** @throws IllegalArgumentException for a malformed entry; null or empty gives an empty map */
    public static Map<String, Integer> parseOrderCounts(String info) {
        Map<String, Integer> parsed = new HashMap<>();
        for (String[] entry : entries(info, "orderCountInfo")) {
            String queue = entry[1];
            if (queue.startsWith(QUEUE_OFFSET)) {
                int split = queue.indexOf('%');
                if (split < 0) {
                    throw malformed("orderCountInfo", entry, "expected qo<queueId>%<offset>");
                }
                number(queue.substring(QUEUE_OFFSET.length(), split), entry, "orderCountInfo");
                number(queue.substring(split + 1), entry, "orderCountInfo");
            } else {
                queueId(entry, "orderCountInfo");
            }
            long count = number(entry[2], entry, "orderCountInfo");
            parsed.put(entry[0] + '@' + queue, (int) count);
        }
        return parsed;
    }

    private static StringBuilder entry(StringBuilder info, String topic) {
        if (info.length() > 0) {
            info.append(';');
        }
        return info.append(PopTopics.retryMarker(topic)).append(' ');
    }

    private static List<String[]> entries(String info, String what) {
        List<String[]> entries = new ArrayList<>();
        if (info == null || info.isEmpty()) {
            return entries;
        }
        for (String text : info.split(";")) {
            String[] entry = text.split(" ");
            if (entry.length != 3 || !PopTopics.isMarker(entry[0])) {
                throw malformed(what, entry, "expected '<retry 0|1|2> <queue> <value>'");
            }
            entries.add(entry);
        }
        return entries;
    }

    private static int queueId(String[] entry, String what) {
        long queueId = number(entry[1], entry, what);
        if (queueId != (int) queueId) {
            throw malformed(what, entry, "queue id out of int range");
        }
        return (int) queueId;
    }

    private static long number(String value, String[] entry, String what) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw malformed(what, entry, "'" + value + "' is not a number");
        }
    }

    private static IllegalArgumentException malformed(String what, String[] entry, String reason) {
        return new IllegalArgumentException("malformed " + what + " entry '" + String.join(" ", entry) + "': " + reason);
    }
}
