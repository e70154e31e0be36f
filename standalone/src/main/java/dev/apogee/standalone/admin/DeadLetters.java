package dev.apogee.standalone.admin;

import dev.apogee.client.MQClientException;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendResult;
import dev.apogee.client.producer.SendStatus;
import dev.apogee.remoting.naming.JmsGroupName;
import dev.apogee.remoting.naming.NameEncoding;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code dlq-list} and {@code dlq-resend}. A dead letter keeps its original topic in the {@code RETRY_TOPIC}
 * property (the broker sets it when it moves a message to {@code %DLQ%<group>}, as RocketMQ does); re-sending sends
 * a copy there with the same body, flag, message id (UNIQ_KEY: a JMS consumer sees the same JMSMessageID) and
 * properties, less the broker's bookkeeping (retry, delay, timer, transaction, offsets), so it is delivered as a new
 * message (delivery count 1). The dead letter itself stays in the DLQ: the log is append-only and dead letters leave
 * only with the commit log's retention; re-sending it again sends it again.
 */
final class DeadLetters {
    /** Properties of the dead letter that describe its past life, not the message: not copied on re-send. */
    private static final Set<String> NOT_COPIED = Set.of(MessageConst.RETRY_TOPIC, MessageConst.ORIGIN_MESSAGE_ID,
            MessageConst.REAL_TOPIC, MessageConst.REAL_QID, MessageConst.DELAY, MessageConst.WAIT,
            MessageConst.MIN_OFFSET, MessageConst.MAX_OFFSET, MessageConst.CONSUME_START_TIME,
            MessageConst.RECONSUME_TIME, MessageConst.MAX_RECONSUME_TIMES, MessageConst.TRAN_MSG, MessageConst.PGROUP,
            MessageConst.TRANSACTION_ID, MessageConst.TRANSACTION_CHECK_TIMES, MessageConst.CLUSTER, "POP_CK",
            "__CRC32#", "__STORE_TAGS_CODE");
    private static final String TIMER_PREFIX = "TIMER_";

    private final BrokerAccess access;
    private final PrintStream out;

    DeadLetters(BrokerAccess access, PrintStream out) {
        this.access = access;
        this.out = out;
    }

    /** The group of {@code -g}, or of the JMS queue of {@code -q}. */
    static String group(CommandLine line) throws UsageException {
        String value = line.oneOf("-g", "-q");
        return line.has("-g") ? value : JmsGroupName.QUEUE_PREFIX + JmsViews.encode(value);
    }

    int list(String group, int max, int bodyBytes) throws MQClientException, InterruptedException {
        List<MessageExt> letters = new DeadLetterReader(access).read(group, max + 1);
        boolean more = letters.size() > max;
        if (more) {
            letters = letters.subList(0, max);
            out.println(DeadLetterReader.DLQ_PREFIX + group + describe(group) + ": the first " + max
                    + " message(s); there are more (-m)");
        } else {
            out.println(DeadLetterReader.DLQ_PREFIX + group + describe(group) + ": " + letters.size() + " message(s)");
        }
        int n = 0;
        for (MessageExt m : letters) {
            out.println();
            out.println("[" + ++n + "] id " + m.getMsgId() + "  offset id " + m.getOffsetMsgId());
            String original = m.getProperty(MessageConst.RETRY_TOPIC);
            out.println("    original topic: " + (original == null ? "unknown (no RETRY_TOPIC)"
                    : NameEncoding.describe(original)) + "  reconsumed " + m.getReconsumeTimes() + " times  stored "
                    + Instant.ofEpochMilli(m.getStoreTimestamp()) + "  queue offset " + m.getQueueOffset());
            Map<String, String> properties = new TreeMap<>(m.getProperties());
            properties.remove(MessageConst.MIN_OFFSET);
            properties.remove(MessageConst.MAX_OFFSET);
            out.println("    properties: " + properties);
            out.println("    body (" + (m.getBody() == null ? 0 : m.getBody().length) + " bytes): "
                    + BodyPreview.of(m.getBody(), bodyBytes));
        }
        return 0;
    }

    /** Re-sends the dead letter {@code id} (message id or offset message id), or all when null. */
    int resend(String group, String id, String topicOverride) throws MQClientException, InterruptedException {
        String dlq = DeadLetterReader.DLQ_PREFIX + group;
        List<MessageExt> letters = new DeadLetterReader(access).read(group, Integer.MAX_VALUE);
        List<MessageExt> chosen = id == null ? letters : matching(letters, id);
        if (id != null && chosen.isEmpty()) {
            out.println("no message with id " + id + " in " + dlq + " (" + letters.size() + " dead letters)");
            return 1;
        }
        if (id != null && chosen.size() > 1) {
            StringBuilder ids = new StringBuilder();
            chosen.forEach(m -> ids.append(' ').append(m.getOffsetMsgId()));
            out.println(chosen.size() + " dead letters of " + dlq + " have id " + id + "; re-send one by its offset"
                    + " id:" + ids);
            return 1;
        }
        int failed = 0;
        int sent = 0;
        Producer producer = new Producer(new ProducerConfig(BrokerAccess.privateGroup("RESEND"))
                .setClientConfig(access.clientConfig()));
        producer.start();
        try {
            for (MessageExt letter : chosen) {
                if (resendOne(producer, letter, topicOverride)) {
                    sent++;
                } else {
                    failed++;
                }
            }
        } finally {
            producer.shutdown();
        }
        out.println("re-sent " + sent + " of " + chosen.size() + " dead letter(s) of " + dlq
                + (failed > 0 ? " (" + failed + " failed)" : ""));
        if (sent > 0) {
            out.println("the dead letters stay in " + dlq + " (the log is append-only; they leave with the commit"
                    + " log's retention): re-sending them again delivers them again");
        }
        return failed == 0 ? 0 : 1;
    }

    private boolean resendOne(Producer producer, MessageExt letter, String topicOverride)
            throws InterruptedException {
        String topic = topicOverride != null ? topicOverride : letter.getProperty(MessageConst.RETRY_TOPIC);
        if (topic == null || topic.startsWith("%")) {
            out.println("  " + letter.getMsgId() + ": original topic unknown (RETRY_TOPIC is "
                    + topic + "); give one with -t");
            return false;
        }
        Message copy = new Message(topic, letter.getBody());
        copy.setFlag(letter.getFlag());
        Map<String, String> properties = new HashMap<>(letter.getProperties());
        properties.keySet().removeIf(name -> NOT_COPIED.contains(name) || name.startsWith(TIMER_PREFIX));
        copy.setProperties(properties);
        try {
            SendResult result = producer.send(copy);
            if (result.status() != SendStatus.SEND_OK) {
                out.println("  " + letter.getMsgId() + ": the broker answered " + result.status());
                return false;
            }
            out.println("  " + letter.getMsgId() + " -> " + NameEncoding.describe(topic) + " queue "
                    + result.messageQueue().queueId() + " offset " + result.queueOffset() + " (offset id "
                    + result.offsetMsgId() + ")");
            return true;
        } catch (MQClientException e) {
            out.println("  " + letter.getMsgId() + ": " + e.getMessage());
            return false;
        }
    }

    private static List<MessageExt> matching(List<MessageExt> letters, String id) {
        List<MessageExt> offsetMatch = new ArrayList<>();
        List<MessageExt> idMatch = new ArrayList<>();
        for (MessageExt m : letters) {
            if (id.equals(m.getOffsetMsgId())) {
                offsetMatch.add(m);
            } else if (id.equals(m.getMsgId())) {
                idMatch.add(m);
            }
        }
        return offsetMatch.isEmpty() ? idMatch : offsetMatch;
    }

    private static String describe(String group) {
        JmsGroupName jms = JmsGroupName.parse(group);
        if (jms == null || jms.name() == null) {
            return "";
        }
        return " (JMS " + jms.kind().label() + (jms.kind() == JmsGroupName.Kind.QUEUE ? " " : " subscription ")
                + jms.name() + ")";
    }
}
