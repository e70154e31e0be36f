package dev.apogee.broker;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

class SmokeWithOfficialClientTest {
    @Test
    void officialProducerAndPushConsumer(@TempDir Path dir) throws Exception {
        try (BrokerFixture servers = BrokerFixture.start(dir, config -> { })) {
            {
                DefaultMQProducer producer = servers.producer("pg-smoke");
                Set<String> received = ConcurrentHashMap.newKeySet();
                DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("cg-smoke");
                consumer.setNamesrvAddr(servers.namesrvAddress());
                consumer.setInstanceName("smoke-c");
                consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
                try {
                    for (int i = 0; i < 20; i++) {
                        SendResult result = producer.send(new Message("SmokeTopic", "TagA",
                                ("hello-" + i).getBytes(StandardCharsets.UTF_8)));
                        assertEquals(SendStatus.SEND_OK, result.getSendStatus());
                    }
                    consumer.subscribe("SmokeTopic", "*");
                    consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
                        msgs.forEach(m -> received.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                    });
                    consumer.start();
                    await().atMost(Duration.ofSeconds(60)).until(() -> received.size() == 20);
                } finally {
                    consumer.shutdown();
                    producer.shutdown();
                }
            }
        }
    }
}
