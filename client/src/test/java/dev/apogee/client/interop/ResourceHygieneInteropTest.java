package dev.apogee.client.interop;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.consumer.ConsumeStatus;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.consumer.PullConsumerConfig;
import dev.apogee.client.consumer.PushConsumer;
import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.ClientConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One client instance shared by a producer and two consumers; nothing of it survives their shutdown. */
@Tag("interop")
@Tag("slow")
@ExtendWith(ApacheServers.class)
class ResourceHygieneInteropTest {

    @Test
    void producerAndConsumersShareOneInstanceAndLeaveNoThreads() throws Exception {
        ClientConfig shared = ApacheServers.client(ApacheServers.unique("shared"));
        String topic = ApacheServers.unique("THygiene");
        Producer producer = new Producer(ApacheServers.producerConfig(ApacheServers.unique("pg")).setClientConfig(shared));
        producer.start();
        producer.send(new Message(topic, "warmup".getBytes(StandardCharsets.UTF_8)));
        AtomicInteger consumed = new AtomicInteger();
        PushConsumer push = PushConsumerInteropTest.consumer(ApacheServers.unique("cgHyg"), "ignored");
        PushConsumer pushShared = new PushConsumer(new dev.apogee.client.consumer.PushConsumerConfig(
                ApacheServers.unique("cgHyg")).setClientConfig(shared).setShutdownAwaitMillis(1_000)
                .setConsumeFromWhere(dev.apogee.remoting.protocol.body.ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET));
        pushShared.subscribe(topic, "*");
        pushShared.registerConcurrentListener((messages, context) -> {
            consumed.addAndGet(messages.size());
            return ConsumeStatus.CONSUME_SUCCESS;
        });
        pushShared.start();
        PullConsumer pull = new PullConsumer(new PullConsumerConfig(ApacheServers.unique("cgHygPull"))
                .setClientConfig(shared));
        pull.start();
        pull.assign(pull.fetchMessageQueues(topic));
        assertEquals(1, ClientInstance.liveClientIds().stream().filter(id -> id.endsWith(shared.getInstanceName()))
                .count(), "one instance for producer and consumers");
        producer.send(new Message(topic, "x".getBytes(StandardCharsets.UTF_8)));
        await().atMost(Duration.ofSeconds(20)).until(() -> consumed.get() >= 2);
        pull.poll(100);
        assertTrue(clientThreads().size() > 0);

        pull.shutdown();
        pushShared.shutdown();
        producer.shutdown();
        push.shutdown(); // never started: a no-op
        await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(200))
                .until(() -> clientThreads().isEmpty());
        assertTrue(ClientInstance.liveClientIds().isEmpty(), "no live instance: " + ClientInstance.liveClientIds());
    }

    static List<String> clientThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(name -> name.startsWith("apogee-client")).toList();
    }
}
