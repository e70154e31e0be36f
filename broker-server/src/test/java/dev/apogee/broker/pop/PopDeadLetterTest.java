package dev.apogee.broker.pop;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Consume failures of the official push consumer in POP mode: each RECONSUME_LATER makes the client change the
 * message's invisible time by its back-off table (10 s, then 30 s), the message comes back with reconsumeTimes + 1,
 * and past the group's retryMaxTimes (1 here) the broker moves it to {@code %DLQ%<group>}. About 45 s.
 */
@Tag("slow")
class PopDeadLetterTest {
    @RegisterExtension
    static final PopServers servers = new PopServers();

    @Test
    void failuresBackOffThenTheMessageIsDeadLettered() throws Exception {
        String topic = "PopDlq";
        String group = "cg-pop-dlq";
        servers.popGroup(topic, 2, group, 1);
        DefaultMQProducer producer = servers.fixture().producer("pop-dlq-producer");
        String id = producer.send(new Message(topic, "t", "doomed".getBytes(StandardCharsets.UTF_8)), 5_000)
                .getMsgId();
        producer.shutdown();
        List<MessageExt> deliveries = new CopyOnWriteArrayList<>();
        List<Long> deliveredAt = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = servers.popPushConsumer(group, topic, "pop-dlq-c", 5_000);
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
            deliveries.addAll(msgs);
            msgs.forEach(m -> deliveredAt.add(System.nanoTime()));
            return ConsumeConcurrentlyStatus.RECONSUME_LATER;
        });
        consumer.start();
        List<MessageExt> dlq = List.of();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (dlq.isEmpty() && System.nanoTime() < deadline) {
                try {
                    dlq = servers.fixture().readAll("%DLQ%" + group, 1, Duration.ofSeconds(2));
                } catch (MQClientException e) {
                    Thread.sleep(500); // the DLQ topic is created with the first dead letter
                }
            }
        } finally {
            consumer.shutdown();
        }
        assertEquals(1, dlq.size(), "dead-lettered once");
        assertEquals("doomed", new String(dlq.get(0).getBody(), StandardCharsets.UTF_8));
        assertEquals(2, dlq.get(0).getReconsumeTimes());
        assertEquals(topic, dlq.get(0).getProperty("RETRY_TOPIC"));
        assertEquals(List.of(0, 1), deliveries.stream().map(MessageExt::getReconsumeTimes).toList());
        deliveries.forEach(m -> assertEquals(id, m.getMsgId()));
        long backOff = TimeUnit.NANOSECONDS.toMillis(deliveredAt.get(1) - deliveredAt.get(0));
        assertTrue(backOff >= 9_000, "the first failure backs off 10 s, came back after " + backOff + " ms");
    }
}
