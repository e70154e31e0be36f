package dev.apogee.broker.filter;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The official push consumer with {@code MessageSelector.bySql}: the broker delivers exactly the matching messages. */
@Tag("slow")
class SqlSubscriptionWithOfficialClientTest {
    @Test
    void bySqlDeliversExactlyTheMatchingMessages(@TempDir Path dir) throws Exception {
        try (BrokerFixture servers = BrokerFixture.start(dir, config -> { })) {
            DefaultMQProducer producer = servers.producer("sql-pg");
            Set<String> expected = new HashSet<>();
            try {
                for (int i = 0; i < 60; i++) {
                    Message message = new Message("SqlTopic", i % 2 == 0 ? "TagA" : "TagB",
                            ("m" + i).getBytes(StandardCharsets.UTF_8));
                    message.putUserProperty("n", String.valueOf(i));
                    message.putUserProperty("color", i % 3 == 0 ? "red" : "blue");
                    if (i % 3 != 0 && i >= 10 && i < 50 && i % 2 == 0) {
                        expected.add("m" + i);
                    }
                    producer.send(message);
                }
            } finally {
                producer.shutdown();
            }
            List<String> received = new CopyOnWriteArrayList<>();
            DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("sql-cg");
            consumer.setNamesrvAddr(servers.namesrvAddress());
            consumer.setInstanceName("sql-c");
            consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
            consumer.subscribe("SqlTopic",
                    MessageSelector.bySql("n BETWEEN 10 AND 49 AND color <> 'red' AND TAGS = 'TagA'"));
            consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
                msgs.forEach(m -> received.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
            consumer.start();
            try {
                await().atMost(Duration.ofSeconds(30)).until(() -> received.size() >= expected.size());
                await().pollDelay(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).until(() -> true);
            } finally {
                consumer.shutdown();
            }
            assertEquals(expected, new HashSet<>(received));
            assertEquals(expected.size(), received.size(), "no duplicates");
        }
    }
}
