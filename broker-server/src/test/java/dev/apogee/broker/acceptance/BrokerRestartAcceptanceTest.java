package dev.apogee.broker.acceptance;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

import static dev.apogee.broker.acceptance.OfficialClients.body;
import static dev.apogee.broker.acceptance.OfficialClients.bytes;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A clean broker restart ({@code shutdown()} then a new broker on the same port and store): stored messages and
 * committed offsets survive, a consumer group resumes where it committed, and nothing is lost.
 */
@Tag("slow")
class BrokerRestartAcceptanceTest {
    @TempDir
    static Path dir;
    private static AcceptanceServers servers;
    private static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        servers = AcceptanceServers.start(dir);
        producer = OfficialClients.producer(servers.namesrvAddress(), "pg-restart-acceptance");
        producer.start();
    }

    @AfterAll
    static void stop() {
        if (producer != null) {
            producer.shutdown();
        }
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void consumersResumeFromCommittedOffsetsAfterCleanRestart() throws Exception {
        String topic = OfficialClients.unique("RestartTopic");
        String group = OfficialClients.unique("cg-restart");
        Set<String> before = send(topic, "before-", 120);
        ConcurrentLinkedQueue<String> firstRun = new ConcurrentLinkedQueue<>();
        DefaultMQPushConsumer first = consumer(group, topic, firstRun);
        await().atMost(Duration.ofSeconds(30)).until(() -> Set.copyOf(firstRun).containsAll(before));
        first.shutdown(); // persists its offsets to the broker

        servers.restartBroker();

        Set<String> after = new HashSet<>();
        await("producer reaches the restarted broker").atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> producer.send(new Message(topic, bytes("after-first"))).getSendStatus()
                        == SendStatus.SEND_OK);
        after.add("after-first");
        after.addAll(send(topic, "after-", 120));
        ConcurrentLinkedQueue<String> secondRun = new ConcurrentLinkedQueue<>();
        DefaultMQPushConsumer second = consumer(group, topic, secondRun);
        try {
            await().atMost(Duration.ofSeconds(40)).until(() -> Set.copyOf(secondRun).containsAll(after));
            Set<String> redelivered = secondRun.stream().filter(before::contains).collect(Collectors.toSet());
            assertTrue(redelivered.isEmpty(), "the group resumes after its committed offsets; redelivered "
                    + redelivered.size());
        } finally {
            second.shutdown();
        }
        List<MessageExt> stored = OfficialClients.readAll(servers.namesrvAddress(), topic);
        Set<String> storedBodies = stored.stream().map(OfficialClients::body).collect(Collectors.toSet());
        assertTrue(storedBodies.containsAll(before) && storedBodies.containsAll(after), "nothing lost");
        assertEquals(before.size() + after.size(), stored.size(), "nothing stored twice");
    }

    private static Set<String> send(String topic, String prefix, int count) throws Exception {
        Set<String> bodies = new HashSet<>();
        for (int i = 0; i < count; i++) {
            assertEquals(SendStatus.SEND_OK, producer.send(new Message(topic, bytes(prefix + i))).getSendStatus());
            bodies.add(prefix + i);
        }
        return bodies;
    }

    private static DefaultMQPushConsumer consumer(String group, String topic, ConcurrentLinkedQueue<String> sink)
            throws Exception {
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(servers.namesrvAddress(), group);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(m -> sink.add(body(m)));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        return consumer;
    }
}
