package dev.apogee.broker.pop;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The response-header strings from which the official client builds each message's receipt handle (its
 * {@code ExtraInfoUtil} parses them): {@code startOffsetInfo} "{@code 0 <queueId> <firstOffset>}" per queue,
 * {@code msgOffsetInfo} "{@code 0 <queueId> <o1>,<o2>,...}" per queue in body order, and for orderly pops
 * {@code orderCountInfo} "{@code 0 qo<queueId>%<offset> <reconsumeTimes>}" per message; entries joined by ';'. The
 * leading 0 says "not a retry topic": this broker never moves popped messages to retry topics.
 */
final class PopResponseFields {
    private PopResponseFields() {
    }

    static String startOffsetInfo(List<PoppedMessage> messages) {
        StringBuilder sb = new StringBuilder(32);
        for (Map.Entry<Integer, StringBuilder> e : byQueue(messages, true).entrySet()) {
            append(sb, "0 " + e.getKey() + " " + e.getValue());
        }
        return sb.toString();
    }

    static String msgOffsetInfo(List<PoppedMessage> messages) {
        StringBuilder sb = new StringBuilder(64);
        for (Map.Entry<Integer, StringBuilder> e : byQueue(messages, false).entrySet()) {
            append(sb, "0 " + e.getKey() + " " + e.getValue());
        }
        return sb.toString();
    }

    static String orderCountInfo(List<PoppedMessage> messages) {
        StringBuilder sb = new StringBuilder(64);
        for (PoppedMessage m : messages) {
            append(sb, "0 qo" + m.queueId() + "%" + m.queueOffset() + " " + reconsumeTimes(m));
        }
        return sb.toString();
    }

    private static int reconsumeTimes(PoppedMessage m) {
        dev.apogee.store.record.MessageRecordFlyweight r = new dev.apogee.store.record.MessageRecordFlyweight()
                .wrap(m.record(), m.record().position());
        return r.reconsumeTimes();
    }

    private static Map<Integer, StringBuilder> byQueue(List<PoppedMessage> messages, boolean firstOnly) {
        Map<Integer, StringBuilder> byQueue = new LinkedHashMap<>();
        for (PoppedMessage m : messages) {
            StringBuilder offsets = byQueue.get(m.queueId());
            if (offsets == null) {
                byQueue.put(m.queueId(), new StringBuilder().append(m.queueOffset()));
            } else if (!firstOnly) {
                offsets.append(',').append(m.queueOffset());
            }
        }
        return byQueue;
    }

    private static void append(StringBuilder sb, String entry) {
        if (sb.length() > 0) {
            sb.append(';');
        }
        sb.append(entry);
    }
}
