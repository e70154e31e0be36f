package dev.apogee.standalone.admin;

import dev.apogee.client.MQClientException;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.consumer.PullConsumerConfig;
import dev.apogee.client.message.MessageExt;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.TopicOffset;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Reads a dead-letter topic {@code %DLQ%<group>} from its first to its last stored message, with a throw-away pull
 * group that commits nothing and is deleted afterwards (as the JMS QueueBrowser reads a queue), so reading changes
 * nothing for the group. Runs on the calling thread, bounded by a deadline.
 */
final class DeadLetterReader {
    /** Prefix of every dead-letter topic (RocketMQ's). */
    static final String DLQ_PREFIX = "%DLQ%";
    private static final long READ_TIMEOUT_MILLIS = TimeUnit.SECONDS.toMillis(30);

    private final BrokerAccess access;

    DeadLetterReader(BrokerAccess access) {
        this.access = access;
    }

    /** The dead letters of {@code group} in stored order (at most {@code max}), or an empty list when it has none. */
    List<MessageExt> read(String group, int max) throws MQClientException, InterruptedException {
        String topic = DLQ_PREFIX + group;
        AdminClient admin = access.admin();
        Map<MessageQueue, TopicOffset> offsets;
        try {
            offsets = admin.topicOffsets(topic);
        } catch (MQClientException e) {
            if (e.responseCode() == ResponseCode.TOPIC_NOT_EXIST) {
                return List.of(); // nothing was ever dead-lettered for the group
            }
            throw e;
        }
        Map<MessageQueue, Long> end = new HashMap<>();
        offsets.forEach((queue, range) -> {
            if (range.getMinOffset() < range.getMaxOffset()) {
                end.put(queue, range.getMaxOffset());
            }
        });
        List<MessageExt> out = new ArrayList<>();
        if (end.isEmpty()) {
            return out;
        }
        String readerGroup = BrokerAccess.privateGroup("DLQ");
        PullConsumer reader = new PullConsumer(new PullConsumerConfig(readerGroup)
                .setClientConfig(access.clientConfig()).setAutoCommit(false));
        try {
            reader.start();
            reader.assign(end.keySet());
            for (MessageQueue queue : end.keySet()) {
                reader.seek(queue, offsets.get(queue).getMinOffset());
            }
            drain(reader, topic, end, out, max);
        } finally {
            reader.shutdown();
            deleteQuietly(admin, readerGroup);
        }
        out.sort(Comparator.comparingLong(MessageExt::getStoreTimestamp).thenComparingLong(MessageExt::getQueueOffset));
        return out.size() > max ? out.subList(0, max) : out;
    }

    private static void drain(PullConsumer reader, String topic, Map<MessageQueue, Long> end, List<MessageExt> out,
            int max) throws InterruptedException, MQClientException {
        Set<MessageQueue> open = new HashSet<>(end.keySet());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READ_TIMEOUT_MILLIS);
        while (!open.isEmpty() && out.size() < max) {
            if (System.nanoTime() > deadline) {
                throw new MQClientException(ResponseCode.SYSTEM_ERROR, "reading " + topic + " did not finish in "
                        + READ_TIMEOUT_MILLIS / 1000 + " s (" + out.size() + " messages read)");
            }
            for (MessageExt m : reader.poll(200)) {
                MessageQueue queue = new MessageQueue(topic, m.getBrokerName(), m.getQueueId());
                Long stop = end.get(queue);
                if (stop == null || m.getQueueOffset() >= stop) {
                    continue;
                }
                out.add(m);
                if (m.getQueueOffset() + 1 >= stop) {
                    open.remove(queue);
                }
            }
        }
    }

    private static void deleteQuietly(AdminClient admin, String group) {
        try {
            admin.deleteSubscriptionGroup(group);
        } catch (MQClientException | InterruptedException e) {
            // a leftover reader group holds no offsets (nothing was committed): harmless
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
