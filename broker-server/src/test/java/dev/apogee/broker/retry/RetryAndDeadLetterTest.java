package dev.apogee.broker.retry;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONSUMER_SEND_MSG_BACK with the official push consumer: RECONSUME_LATER brings the message back through
 * {@code %RETRY%<group>} with reconsumeTimes + 1, and past maxReconsumeTimes it lands in {@code %DLQ%<group>}.
 * The broker runs with 1 s delay levels so that the retry chain takes seconds, not minutes.
 */
@Tag("slow")
class RetryAndDeadLetterTest {
    @TempDir
    static Path dir;
    static BrokerFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        fixture = BrokerFixture.start(dir, config -> config.setMessageDelayLevel("1s 1s 1s 1s 1s 1s 1s 1s"));
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    @Test
    void reconsumeLaterRetriesThenDeadLetters() throws Exception {
        DefaultMQProducer producer = fixture.producer("pg-retry");
        List<MessageExt> deliveries = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("cg-retry");
        consumer.setNamesrvAddr(fixture.namesrvAddress());
        consumer.setInstanceName("cg-retry-c");
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setMaxReconsumeTimes(2);
        consumer.subscribe("RetryTopic", "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
            deliveries.addAll(msgs);
            return ConsumeConcurrentlyStatus.RECONSUME_LATER;
        });
        try {
            Message message = new Message("RetryTopic", "TagR", "key-retry-1",
                    "retry-me".getBytes(StandardCharsets.UTF_8));
            assertEquals(SendStatus.SEND_OK, producer.send(message).getSendStatus());
            consumer.start();

            await().atMost(Duration.ofSeconds(40)).until(() -> deliveries.size() >= 3);
            for (int i = 0; i < 3; i++) {
                MessageExt delivery = deliveries.get(i);
                assertEquals(i, delivery.getReconsumeTimes(), "delivery " + i);
                assertEquals("RetryTopic", delivery.getTopic(), "the client restores the topic from RETRY_TOPIC");
                assertEquals("retry-me", new String(delivery.getBody(), StandardCharsets.UTF_8));
                assertEquals("TagR", delivery.getTags());
            }
            assertEquals(deliveries.get(0).getMsgId(), deliveries.get(2).getMsgId(),
                    "the UNIQ_KEY survives the retry copies");

            List<MessageExt> dead = fixture.readAll("%DLQ%cg-retry", 1, Duration.ofSeconds(20));
            assertEquals(1, dead.size());
            MessageExt dlq = dead.get(0);
            assertEquals("retry-me", new String(dlq.getBody(), StandardCharsets.UTF_8));
            assertEquals(3, dlq.getReconsumeTimes());
            assertEquals("RetryTopic", dlq.getProperty("RETRY_TOPIC"));
            assertNotNull(dlq.getProperty("ORIGIN_MESSAGE_ID"));
            assertEquals("key-retry-1", dlq.getKeys());
            assertTrue(deliveries.size() == 3, "no delivery after the DLQ: " + deliveries.size());
        } finally {
            consumer.shutdown();
            producer.shutdown();
        }
    }
}
