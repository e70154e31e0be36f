package dev.apogee.broker.timer;

import dev.apogee.anchor.ApacheRocketMq;
import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Timer messages from the official producer: never early, on time, and still delivered after a broker restart. */
@Tag("slow")
class OfficialTimerMessageTest {
    @Test
    void deliveredOnTimeAndAfterRestart(@TempDir Path dir) throws Exception {
        try (ApacheRocketMq namesrv = ApacheRocketMq.startNamesrv(dir.resolve("rmq"))) {
            BrokerConfig config = new BrokerConfig();
            config.setListenPort(0);
            config.setBindAddress("127.0.0.1");
            config.setNamesrvAddr(namesrv.namesrvAddress());
            config.setStorePathRootDir(dir.resolve("store").toString());
            config.setMappedFileSizeCommitLog(16 * 1024 * 1024);
            Map<String, Long> dueAt = new ConcurrentHashMap<>();
            Map<String, Long> arrivedAt = new ConcurrentHashMap<>();
            Broker broker = new Broker(config);
            broker.start();
            DefaultMQProducer producer = producer(namesrv, "timer-p1");
            long now = System.currentTimeMillis();
            for (long delay : new long[] {1500, 2500}) {
                send(producer, "on-time-" + delay, now + delay, dueAt);
            }
            send(producer, "after-restart", now + 6000, dueAt);
            producer.shutdown();
            broker.shutdown();

            config.setListenPort(broker.port());
            Broker restarted = new Broker(config);
            restarted.start();
            DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("timer-cg");
            consumer.setNamesrvAddr(namesrv.namesrvAddress());
            consumer.setInstanceName("timer-c");
            consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
            consumer.subscribe("TimerTopic", "*");
            consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
                long t = System.currentTimeMillis();
                msgs.forEach(m -> arrivedAt.putIfAbsent(new String(m.getBody(), StandardCharsets.UTF_8), t));
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
            consumer.start();
            try {
                await().atMost(Duration.ofSeconds(30)).until(() -> arrivedAt.size() == 3);
            } finally {
                consumer.shutdown();
                restarted.shutdown();
            }
            for (Map.Entry<String, Long> due : dueAt.entrySet()) {
                long arrived = arrivedAt.get(due.getKey());
                assertTrue(arrived >= due.getValue(), due.getKey() + " arrived " + (due.getValue() - arrived)
                        + " ms early");
            }
            long late = arrivedAt.get("after-restart") - dueAt.get("after-restart");
            assertTrue(late < 5000, "delivered " + late + " ms late after the restart");
        }
    }

    private static DefaultMQProducer producer(ApacheRocketMq namesrv, String instance) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("timer-pg");
        producer.setNamesrvAddr(namesrv.namesrvAddress());
        producer.setInstanceName(instance);
        producer.start();
        return producer;
    }

    private static void send(DefaultMQProducer producer, String body, long deliverAt, Map<String, Long> dueAt)
            throws Exception {
        Message message = new Message("TimerTopic", body.getBytes(StandardCharsets.UTF_8));
        message.setDeliverTimeMs(deliverAt);
        dueAt.put(body, deliverAt);
        assertEquals(SendStatus.SEND_OK, producer.send(message).getSendStatus());
    }
}
