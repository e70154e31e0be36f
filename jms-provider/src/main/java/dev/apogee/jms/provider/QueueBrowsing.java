package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.consumer.PullConsumerConfig;
import dev.apogee.client.message.MessageExt;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.TopicOffset;
import jakarta.jms.JMSException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * QueueBrowser snapshots: reads a topic from the group's consume offset on each queue up to the queue's end at the
 * time of the call, with a throw-away pull group, and filters as the consumers' selector would. For a POP group the
 * broker answers its low-water mark (the lowest message not yet acked for the group), so messages popped and not yet
 * acked (in flight) are shown too. Stateless; runs on the calling (browser) thread.
 */
final class QueueBrowsing {
    private static final AtomicLong IDS = new AtomicLong();

    private final NativeProvider provider;
    private final SelectorSubscriptions selectors;
    private final String instancePrefix;
    private final long requestTimeoutMillis;

    QueueBrowsing(NativeProvider provider, SelectorSubscriptions selectors, String instancePrefix,
            long requestTimeoutMillis) {
        this.provider = provider;
        this.selectors = selectors;
        this.instancePrefix = instancePrefix;
        this.requestTimeoutMillis = requestTimeoutMillis;
    }

    CompletableFuture<List<WireMessage>> browse(String topic, String group, String selector, int max) {
        try {
            NativeProvider.subscription(selector); // validates
        } catch (JMSException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (max <= 0) {
            return CompletableFuture.completedFuture(List.of());
        }
        String browserGroup = "JMSB_" + instancePrefix.replace('-', '_') + "_" + IDS.incrementAndGet();
        PullConsumer reader = null;
        try {
            provider.ensureTopic(topic).join();
            Predicate<WireMessage> filter = selectors.browserFilter(selector, topic); // as the consumers filter
            AdminClient a = provider.admin();
            Map<MessageQueue, Long> committed;
            try {
                committed = a.consumerOffsets(group, topic);
            } catch (MQClientException e) {
                committed = Map.of(); // the group has consumed nothing yet
            }
            Map<MessageQueue, Long> start = new HashMap<>();
            Map<MessageQueue, Long> end = new HashMap<>();
            for (Map.Entry<MessageQueue, TopicOffset> e : a.topicOffsets(topic).entrySet()) {
                long done = committed.getOrDefault(e.getKey(), -1L);
                long from = Math.max(e.getValue().getMinOffset(), done);
                if (from < e.getValue().getMaxOffset()) {
                    start.put(e.getKey(), from);
                    end.put(e.getKey(), e.getValue().getMaxOffset());
                }
            }
            List<WireMessage> out = new ArrayList<>();
            if (start.isEmpty()) {
                return CompletableFuture.completedFuture(out);
            }
            reader = new PullConsumer(new PullConsumerConfig(browserGroup)
                    .setClientConfig(provider.clientConfig(instancePrefix + "-b" + IDS.incrementAndGet()))
                    .setAutoCommit(false));
            reader.start();
            reader.assign(start.keySet());
            for (Map.Entry<MessageQueue, Long> e : start.entrySet()) {
                reader.seek(e.getKey(), e.getValue());
            }
            Set<MessageQueue> open = new HashSet<>(start.keySet());
            String[] values = NativeMessages.newValueCache();
            long deadline = System.currentTimeMillis() + Math.max(5_000, 2 * requestTimeoutMillis);
            while (!open.isEmpty() && out.size() < max && System.currentTimeMillis() < deadline) {
                for (MessageExt m : reader.poll(100)) {
                    MessageQueue queue = new MessageQueue(topic, m.getBrokerName(), m.getQueueId());
                    Long stop = end.get(queue);
                    if (stop == null || m.getQueueOffset() >= stop) {
                        continue;
                    }
                    WireMessage wire = NativeMessages.toWire(m, values);
                    if (out.size() < max && filter.test(wire)) {
                        out.add(wire);
                    }
                    if (m.getQueueOffset() + 1 >= stop) {
                        open.remove(queue);
                    }
                }
            }
            return CompletableFuture.completedFuture(out);
        } catch (Throwable t) {
            return CompletableFuture.failedFuture(NativeProvider.translate(t));
        } finally {
            if (reader != null) {
                reader.shutdown();
                provider.deleteGroup(browserGroup).exceptionally(e -> null);
            }
        }
    }
}
