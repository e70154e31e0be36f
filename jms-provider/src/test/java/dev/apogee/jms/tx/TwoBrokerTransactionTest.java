package dev.apogee.jms.tx;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.transaction.BranchClient;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.jms.provider.ConsumerId;
import dev.apogee.jms.provider.ConsumerSpec;
import dev.apogee.jms.provider.NativeProvider;
import dev.apogee.jms.provider.NativeProviderConfig;
import dev.apogee.jms.provider.ProviderTransaction;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A local transaction whose sends land on two brokers: prepared on each, then committed on each; a rollback discards
 * the halves on both.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TwoBrokerTransactionTest {
    private static final int MESSAGES = 8;
    private static TxBroker brokers;

    @BeforeAll
    static void start() throws Exception {
        brokers = TxBroker.start(2);
    }

    @AfterAll
    static void stop() throws Exception {
        if (brokers != null) {
            brokers.close();
        }
    }

    @Test
    void sendsSpreadOverTwoBrokersCommitAndRollBackTogether() throws Exception {
        Connection c = brokers.factory().createConnection();
        try {
            c.start();
            Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            String name = "TWOBQ_" + System.nanoTime();
            createOnBothBrokers(name);
            Queue q = plain.createQueue(name);
            MessageConsumer check = plain.createConsumer(q);
            Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
            MessageProducer out = tx.createProducer(q);

            for (int i = 0; i < MESSAGES; i++) {
                out.send(tx.createTextMessage("rolled-back-" + i));
            }
            tx.rollback();
            for (int i = 0; i < MESSAGES; i++) {
                out.send(tx.createTextMessage("m" + i));
            }
            tx.commit();

            Set<String> received = new HashSet<>();
            for (int i = 0; i < MESSAGES; i++) {
                TextMessage m = (TextMessage) check.receive(10_000);
                received.add(m == null ? null : m.getText());
            }
            Set<String> expected = new HashSet<>();
            for (int i = 0; i < MESSAGES; i++) {
                expected.add("m" + i);
            }
            assertEquals(expected, received);
            assertNull(check.receive(500), "nothing of the rolled-back transaction");
        } finally {
            c.close();
        }
    }

    @Test
    void aBranchOnTwoBrokersIsPreparedOnEachAndCommittedOnEach() throws Exception {
        NativeProvider provider = new NativeProvider(new NativeProviderConfig(brokers.namesrvAddress(), 5_000, 5_000,
                4, 1_000, 5_000, 0));
        BranchClient inspector = new BranchClient(new ClientConfig().setNamesrvAddress(brokers.namesrvAddress())
                .setInstanceName("two-broker-inspector"), "TWOB_INSPECTOR");
        provider.connect().join();
        inspector.start();
        try {
            String topic = "TWOBT_" + UUID.randomUUID().toString().substring(0, 8);
            createOnBothBrokers(topic);
            provider.ensureTopic(topic).join();
            ConsumerId reader = provider.createConsumer(new ConsumerSpec(topic, "TWOB_GROUP", null, false, false))
                    .join();
            ProviderTransaction branch = provider.branches().begin("L:" + UUID.randomUUID());
            for (int i = 0; i < MESSAGES; i++) {
                branch.send(new WireMessage(topic, null, null, ("p" + i).getBytes(StandardCharsets.UTF_8), Map.of(),
                        0, 0), 0);
            }
            assertTrue(branch.prepare());
            assertEquals(Set.of("broker-a", "broker-b"), inspector.brokerNames());
            assertTrue(inspector.recover("broker-a").contains(branch.branchId()), "prepared on broker-a");
            assertTrue(inspector.recover("broker-b").contains(branch.branchId()), "prepared on broker-b");
            assertNull(provider.pull(reader, 300).join());

            branch.commit(false);
            Set<String> received = new HashSet<>();
            for (int i = 0; i < MESSAGES; i++) {
                WireMessage m = provider.pull(reader, 10_000).join();
                received.add(m == null ? null : new String(m.body(), StandardCharsets.UTF_8));
            }
            assertEquals(MESSAGES, received.size());
            assertTrue(received.stream().allMatch(t -> t != null && t.startsWith("p")));
        } finally {
            inspector.shutdown();
            provider.close();
        }
    }

    /** The topic with queues on both brokers in the name server's route, before the provider first resolves it. */
    private static void createOnBothBrokers(String topic) throws Exception {
        AdminClient admin = new AdminClient(new ClientConfig().setNamesrvAddress(brokers.namesrvAddress())
                .setInstanceName("two-broker-admin"));
        admin.start();
        try {
            admin.createTopic(topic, 4);
            await().atMost(30, TimeUnit.SECONDS).ignoreExceptions().until(() -> admin.route(topic).publishQueues()
                    .stream().map(q -> q.brokerName()).distinct().count() == 2);
        } finally {
            admin.shutdown();
        }
    }
}
