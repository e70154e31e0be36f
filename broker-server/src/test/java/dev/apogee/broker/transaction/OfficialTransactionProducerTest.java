package dev.apogee.broker.transaction;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The official TransactionMQProducer against our broker: commit, rollback, and unknown resolved by check-back. */
@Tag("slow")
class OfficialTransactionProducerTest {
    @TempDir
    static Path dir;
    static BrokerFixture servers;

    @BeforeAll
    static void start() throws Exception {
        servers = BrokerFixture.start(dir, config -> {
            config.setTransactionTimeOut(500);
            config.setTransactionCheckInterval(300);
            config.setTransactionCheckMax(3);
        });
    }

    @AfterAll
    static void stop() throws Exception {
        servers.close();
    }

    @Test
    void commitRollbackAndCheckBack() throws Exception {
        Map<String, LocalTransactionState> decisions = new ConcurrentHashMap<>();
        Map<String, LocalTransactionState> checkAnswers = new ConcurrentHashMap<>();
        AtomicInteger checks = new AtomicInteger();
        TransactionMQProducer producer = new TransactionMQProducer("tx-pg");
        producer.setNamesrvAddr(servers.namesrvAddress());
        producer.setInstanceName("tx-producer");
        producer.setTransactionListener(new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message msg, Object arg) {
                return decisions.get(new String(msg.getBody(), StandardCharsets.UTF_8));
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt msg) {
                checks.incrementAndGet();
                assertEquals("TxTopic", msg.getTopic());
                return checkAnswers.getOrDefault(new String(msg.getBody(), StandardCharsets.UTF_8),
                        LocalTransactionState.UNKNOW);
            }
        });
        producer.start();
        try {
            decisions.put("commit-me", LocalTransactionState.COMMIT_MESSAGE);
            decisions.put("roll-me-back", LocalTransactionState.ROLLBACK_MESSAGE);
            decisions.put("ask-me-later", LocalTransactionState.UNKNOW);
            checkAnswers.put("ask-me-later", LocalTransactionState.COMMIT_MESSAGE);
            for (String body : List.of("commit-me", "roll-me-back", "ask-me-later")) {
                TransactionSendResult result = producer.sendMessageInTransaction(
                        new Message("TxTopic", body.getBytes(StandardCharsets.UTF_8)), null);
                assertEquals(SendStatus.SEND_OK, result.getSendStatus());
            }
            Set<String> seen = drain(Duration.ofSeconds(20), 2);
            assertEquals(Set.of("commit-me", "ask-me-later"), seen);
            assertTrue(checks.get() >= 1, "the undecided transaction was checked back");
            // once the check service and the branch reaper have read past the halves, their decisions are forgotten
            await().atMost(Duration.ofSeconds(15))
                    .until(() -> servers.broker().transactions().decidedRemembered() == 0);
        } finally {
            producer.shutdown();
        }
    }

    private static Set<String> drain(Duration timeout, int expected) throws Exception {
        DefaultLitePullConsumer consumer = new DefaultLitePullConsumer("tx-cg");
        consumer.setNamesrvAddr(servers.namesrvAddress());
        consumer.setInstanceName("tx-consumer");
        consumer.setConsumeFromWhere(org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe("TxTopic", "*");
        consumer.start();
        List<String> seen = new ArrayList<>();
        try {
            await().atMost(timeout).until(() -> {
                consumer.poll(200).forEach(m -> seen.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                return seen.size() >= expected;
            });
            consumer.poll(1500).forEach(m -> seen.add(new String(m.getBody(), StandardCharsets.UTF_8)));
        } finally {
            consumer.shutdown();
        }
        assertEquals(expected, seen.size(), "no duplicates and nothing extra: " + seen);
        return Set.copyOf(seen);
    }
}
