package dev.apogee.client.interop;

import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.consumer.PullConsumerConfig;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.producer.LocalTransactionState;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendStatus;
import dev.apogee.client.producer.TransactionListener;
import dev.apogee.client.producer.TransactionProducer;
import dev.apogee.client.producer.TransactionSendResult;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.OffsetWrapper;
import dev.apogee.remoting.protocol.body.TopicOffset;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Transactional producer (commit, rollback, check-back) and the admin client against the official servers. */
@Tag("interop")
@Tag("slow")
@ExtendWith(ApacheServers.class)
class TransactionAndAdminInteropTest {

    @Test
    void commitRollbackAndCheckBack() throws Exception {
        String topic = ApacheServers.unique("TTx");
        AtomicInteger checks = new AtomicInteger();
        TransactionProducer producer = new TransactionProducer(ApacheServers.producerConfig(ApacheServers.unique("txPg"))
                .setClientConfig(ApacheServers.client(ApacheServers.unique("tx"))), new TransactionListener() {
                    @Override
                    public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
                        return (LocalTransactionState) arg;
                    }

                    @Override
                    public LocalTransactionState checkLocalTransaction(MessageExt message) {
                        // the broker may also check decided ones whose END_TRANSACTION it has not recorded yet
                        String body = new String(message.getBody(), StandardCharsets.UTF_8);
                        if (body.equals("unknown-then-checked")) {
                            checks.incrementAndGet();
                        }
                        return body.equals("rolled-back") ? LocalTransactionState.ROLLBACK_MESSAGE
                                : LocalTransactionState.COMMIT_MESSAGE;
                    }
                });
        producer.start();
        try {
            producer.send(new Message(topic, "warmup".getBytes(StandardCharsets.UTF_8)));
            TransactionSendResult committed = producer.sendInTransaction(message(topic, "committed"),
                    LocalTransactionState.COMMIT_MESSAGE);
            assertEquals(SendStatus.SEND_OK, committed.sendResult().status());
            producer.sendInTransaction(message(topic, "rolled-back"), LocalTransactionState.ROLLBACK_MESSAGE);
            producer.sendInTransaction(message(topic, "unknown-then-checked"), LocalTransactionState.UNKNOW);

            Set<String> bodies = ConcurrentHashMap.newKeySet();
            try (PullConsumer consumer = new PullConsumer(new PullConsumerConfig(ApacheServers.unique("cgTx"))
                    .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
                    .setClientConfig(ApacheServers.client(ApacheServers.unique("txReader"))))) {
                consumer.subscribe(topic, "*");
                consumer.start();
                await().atMost(Duration.ofSeconds(40)).until(() -> {
                    consumer.poll(200).forEach(m -> bodies.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                    return bodies.contains("unknown-then-checked");
                });
                consumer.poll(1000).forEach(m -> bodies.add(new String(m.getBody(), StandardCharsets.UTF_8)));
            }
            assertTrue(bodies.contains("committed"));
            assertFalse(bodies.contains("rolled-back"));
            assertTrue(checks.get() >= 1, "the undecided transaction was checked back");
        } finally {
            producer.shutdown();
        }
    }

    @Test
    void adminCreatesListsInspectsAndDeletesTopics() throws Exception {
        String topic = ApacheServers.unique("TAdmin");
        String group = ApacheServers.unique("cgAdmin");
        try (AdminClient admin = new AdminClient(ApacheServers.client(ApacheServers.unique("admin")))) {
            admin.start();
            assertTrue(!admin.clusterInfo().getBrokerAddrTable().isEmpty(), "the cluster has brokers");
            admin.createTopic(topic, 3);
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> admin.route(topic) != null
                    && admin.route(topic).subscribeQueues().size() == 3);
            assertTrue(admin.listTopics().contains(topic));

            dev.apogee.client.producer.Producer producer = new dev.apogee.client.producer.Producer(
                    ApacheServers.producerConfig(ApacheServers.unique("pg")).setClientConfig(
                            ApacheServers.client(ApacheServers.unique("adminProducer"))));
            producer.start();
            for (int i = 0; i < 9; i++) {
                producer.send(message(topic, "m" + i));
            }
            producer.shutdown();
            // a send is acknowledged once stored; queue offsets follow when the broker's dispatcher has indexed it
            await().atMost(Duration.ofSeconds(10)).until(() -> admin.topicOffsets(topic).values().stream()
                    .mapToLong(TopicOffset::getMaxOffset).sum() == 9);
            Map<MessageQueue, TopicOffset> offsets = admin.topicOffsets(topic);
            assertEquals(9, offsets.values().stream().mapToLong(TopicOffset::getMaxOffset).sum());

            try (PullConsumer consumer = new PullConsumer(new PullConsumerConfig(group).setAutoCommit(false)
                    .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
                    .setClientConfig(ApacheServers.client(ApacheServers.unique("adminConsumer"))))) {
                consumer.subscribe(topic, "*");
                consumer.start();
                List<MessageExt> got = PullConsumerInteropTest.pollUntil(consumer, 4);
                assertTrue(got.size() >= 4);
                consumer.commitSync();
                long committed = got.size();
                assertTrue(admin.consumerGroups(topic).contains(group));
                Map<MessageQueue, OffsetWrapper> stats = admin.consumeStats(group, topic);
                assertEquals(3, stats.size());
                assertEquals(9 - committed, admin.consumerLag(group, topic));
                assertEquals(committed, admin.consumerOffsets(group, topic).values().stream()
                        .mapToLong(v -> Math.max(0, v)).sum());
            }
            admin.deleteTopic(topic);
            await().atMost(Duration.ofSeconds(10)).until(() -> !admin.listTopics().contains(topic));
            assertNull(admin.route(topic));
        }
    }

    private static Message message(String topic, String body) {
        return new Message(topic, body.getBytes(StandardCharsets.UTF_8));
    }
}
