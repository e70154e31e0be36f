package dev.apogee.client.interop;

import dev.apogee.client.consumer.ConsumeStatus;
import dev.apogee.client.consumer.PushConsumer;
import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Interop both ways through the official broker: official producer → our consumer, our producer → official consumer. */
@Tag("interop")
@Tag("slow")
@ExtendWith(ApacheServers.class)
class CrossClientInteropTest {

    @Test
    void officialProducerFeedsOurPushConsumer() throws Exception {
        String topic = ApacheServers.unique("TFromOfficial");
        DefaultMQProducer official = new DefaultMQProducer(ApacheServers.unique("officialPg"));
        official.setNamesrvAddr(ApacheServers.namesrv());
        official.setInstanceName(ApacheServers.unique("official"));
        official.start();
        try {
            official.send(new org.apache.rocketmq.common.message.Message(topic, "warmup".getBytes()));
            Map<String, String> received = new ConcurrentHashMap<>();
            PushConsumer consumer = PushConsumerInteropTest.consumer(ApacheServers.unique("cgOurs"),
                    ApacheServers.unique("ours"));
            consumer.subscribe(topic, "TagA");
            consumer.registerConcurrentListener((messages, context) -> {
                messages.forEach(m -> received.put(new String(m.getBody(), StandardCharsets.UTF_8),
                        m.getUserProperty("k") + "/" + m.getTags() + "/" + m.getMsgId()));
                return ConsumeStatus.CONSUME_SUCCESS;
            });
            consumer.start();
            try {
                Map<String, String> expected = new ConcurrentHashMap<>();
                for (int i = 0; i < 20; i++) {
                    org.apache.rocketmq.common.message.Message m = new org.apache.rocketmq.common.message.Message(
                            topic, "TagA", ("official-" + i).getBytes(StandardCharsets.UTF_8));
                    m.putUserProperty("k", "v" + i);
                    String msgId = official.send(m).getMsgId();
                    expected.put("official-" + i, "v" + i + "/TagA/" + msgId);
                }
                byte[] big = "z".repeat(10_000).getBytes(StandardCharsets.UTF_8);
                official.send(new org.apache.rocketmq.common.message.Message(topic, "TagA", big));
                await().atMost(Duration.ofSeconds(30)).until(() -> received.size() >= 21);
                expected.forEach((body, meta) -> assertEquals(meta, received.get(body)));
                assertEquals(true, received.containsKey(new String(big, StandardCharsets.UTF_8)),
                        "compressed body inflated");
            } finally {
                consumer.shutdown();
            }
        } finally {
            official.shutdown();
        }
    }

    @Test
    void officialAndOurConsumersShareOneGroupWithoutOverlap() throws Exception {
        String topic = ApacheServers.unique("TMixed");
        String group = ApacheServers.unique("cgMixed");
        Producer producer = new Producer(ApacheServers.producerConfig(ApacheServers.unique("pg"))
                .setClientConfig(ApacheServers.client(ApacheServers.unique("producer"))));
        producer.start();
        DefaultMQPushConsumer official = new DefaultMQPushConsumer(group);
        PushConsumer ours = PushConsumerInteropTest.consumer(group, ApacheServers.unique("oursMixed"));
        try {
            producer.send(new Message(topic, "warmup".getBytes(StandardCharsets.UTF_8)));
            Map<String, String> consumedBy = new ConcurrentHashMap<>();
            Set<Integer> officialQueues = ConcurrentHashMap.newKeySet();
            Set<Integer> ourQueues = ConcurrentHashMap.newKeySet();
            official.setNamesrvAddr(ApacheServers.namesrv());
            official.setInstanceName(ApacheServers.unique("officialMixed"));
            official.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
            official.subscribe(topic, "*");
            official.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                messages.forEach(m -> {
                    consumedBy.merge(new String(m.getBody(), StandardCharsets.UTF_8), "official", (a, b) -> a + b);
                    officialQueues.add(m.getQueueId());
                });
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
            ours.subscribe(topic, "*");
            ours.registerConcurrentListener((messages, context) -> {
                messages.forEach(m -> {
                    consumedBy.merge(new String(m.getBody(), StandardCharsets.UTF_8), "ours", (a, b) -> a + b);
                    ourQueues.add(m.getQueueId());
                });
                return ConsumeStatus.CONSUME_SUCCESS;
            });
            official.start();
            ours.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> ours.ownedQueues().stream()
                    .filter(q -> q.topic().equals(topic)).count() == 2);
            Thread.sleep(2_000); // let the official consumer settle on its half too
            Set<String> sent = PushConsumerInteropTest.send(producer, topic, 100, null, Map.of());
            await().atMost(Duration.ofSeconds(40)).until(() -> consumedBy.keySet().containsAll(sent));
            assertEquals(Set.of(), intersection(officialQueues, ourQueues), "no queue consumed by both");
            assertEquals(2, ourQueues.size());
            assertEquals(2, officialQueues.size());
        } finally {
            ours.shutdown();
            official.shutdown();
            producer.shutdown();
        }
    }

    private static Set<Integer> intersection(Set<Integer> a, Set<Integer> b) {
        Set<Integer> both = new HashSet<>(a);
        both.retainAll(b);
        return both;
    }

    @Test
    void ourProducerFeedsTheOfficialPushConsumer() throws Exception {
        String topic = ApacheServers.unique("TToOfficial");
        Producer producer = new Producer(ApacheServers.producerConfig(ApacheServers.unique("pg"))
                .setClientConfig(ApacheServers.client(ApacheServers.unique("producer"))));
        producer.start();
        DefaultMQPushConsumer official = new DefaultMQPushConsumer(ApacheServers.unique("cgOfficial"));
        try {
            producer.send(new Message(topic, "warmup".getBytes(StandardCharsets.UTF_8)));
            Set<String> received = ConcurrentHashMap.newKeySet();
            official.setNamesrvAddr(ApacheServers.namesrv());
            official.setInstanceName(ApacheServers.unique("officialConsumer"));
            official.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
            official.subscribe(topic, "*");
            official.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                messages.forEach(m -> received.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
            official.start();
            Set<String> sent = new HashSet<>();
            for (int i = 0; i < 20; i++) {
                String body = "ours-" + i;
                producer.sendAsync(new Message(topic, body.getBytes(StandardCharsets.UTF_8))).get();
                sent.add(body);
            }
            String big = "y".repeat(10_000);
            producer.send(new Message(topic, big.getBytes(StandardCharsets.UTF_8)));
            sent.add(big);
            await().atMost(Duration.ofSeconds(40)).until(() -> received.containsAll(sent));
        } finally {
            official.shutdown();
            producer.shutdown();
        }
    }
}
