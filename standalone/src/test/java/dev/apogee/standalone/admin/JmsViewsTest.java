package dev.apogee.standalone.admin;

import dev.apogee.jms.api.ApogeeConnectionFactory;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code queues} and {@code subscriptions} against our real name server and broker, with a queue, a durable, a
 * shared and a non-durable subscription made by our JMS provider; names with characters RocketMQ does not allow
 * (dots, a space) must show as the JMS names, with their backlog and consumers.
 */
class JmsViewsTest {
    private static final String CLIENT_ID = "admin-test.app";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    static Path dir;
    static AdminServer server;
    static Connection connection;

    @BeforeAll
    static void start() throws Exception {
        server = new AdminServer(dir);
        ApogeeConnectionFactory factory = new ApogeeConnectionFactory();
        factory.setNamesrvAddress(server.namesrv());
        connection = factory.createConnection();
        connection.setClientID(CLIENT_ID);
        connection.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (connection != null) {
            connection.close();
        }
        server.close();
    }

    @Test
    void queueShowsItsBacklogInFlightAndConsumerUntilAcknowledged() throws Exception {
        Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Queue queue = session.createQueue("orders.created");
        MessageProducer producer = session.createProducer(queue);
        for (int i = 0; i < 3; i++) {
            producer.send(session.createTextMessage("order " + i));
        }
        MessageConsumer consumer = session.createConsumer(queue);
        Message first = consumer.receive(WAIT.toMillis());
        assertNotNull(first, "the queue delivers");

        AtomicReference<AdminServer.Run> run = new AtomicReference<>();
        await().atMost(WAIT).untilAsserted(() -> {
            run.set(server.admin("queues"));
            String[] row = run.get().row("orders.created").orElseThrow(() -> new AssertionError(run.get()));
            // QUEUE, ROCKETMQ-TOPIC, BACKLOG, IN-FLIGHT, CONSUMERS, GROUP
            assertEquals(List.of("orders.created", "orders|2Ecreated", "3"), List.of(row).subList(0, 3),
                    run.toString());
            assertTrue(Long.parseLong(row[3]) >= 1, "the delivered, unacknowledged message is in flight: " + run);
            assertEquals("1", row[4], run.toString());
            assertEquals("JMSQ_orders|2Ecreated", row[5]);
        });
        assertEquals(0, run.get().exitCode());
        assertTrue(run.get().out().lines().map(l -> l.split("\\s{2,}"))
                .anyMatch(c -> c.length == 4 && c[0].equals("orders.created") && c[2].startsWith("127.0.0.1:")),
                "the consumer's client id and address are listed: " + run);

        first.acknowledge();
        await().atMost(WAIT).untilAsserted(() -> {
            AdminServer.Run after = server.admin("queues", "-q", "orders.created");
            assertEquals("2", after.row("orders.created").orElseThrow(() -> new AssertionError(after))[2],
                    after.toString());
        });
        session.close();
    }

    @Test
    void subscriptionsShowKindNameClientIdTopicAndBacklog() throws Exception {
        Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Topic topic = session.createTopic("prices.eu");
        MessageConsumer durable = session.createDurableSubscriber(topic, "audit trail");
        MessageConsumer shared = session.createSharedConsumer(topic, "dash.board");
        MessageConsumer plain = session.createConsumer(topic);
        MessageProducer producer = session.createProducer(topic);
        producer.send(session.createTextMessage("EUR 1.08"));
        producer.send(session.createTextMessage("EUR 1.09"));

        await().atMost(WAIT).untilAsserted(() -> {
            AdminServer.Run run = server.admin("subscriptions", "-t", "prices.eu");
            assertEquals(0, run.exitCode(), run.toString());
            // KIND, SUBSCRIPTION, CLIENT-ID, TOPIC, BACKLOG, IN-FLIGHT, CONSUMERS, GROUP
            String[] d = row(run, "audit trail");
            assertEquals(List.of("durable", "audit trail", CLIENT_ID, "prices.eu", "2", "0", "1",
                    "JMSD_admin-test|2Eapp_audit|20trail"), List.of(d), run.toString());
            String[] s = row(run, "dash.board");
            assertEquals(List.of("shared", "dash.board", CLIENT_ID, "prices.eu", "2"), List.of(s).subList(0, 5),
                    run.toString());
            assertEquals("JMSSC_admin-test|2Eapp_dash|2Eboard", s[7]);
            assertTrue(run.out().lines().map(l -> l.split("\\s{2,}"))
                    .anyMatch(c -> c[0].equals("non-durable") && c[3].equals("prices.eu") && c[6].equals("1")),
                    run.toString());
        });
        assertNotNull(plain.receive(WAIT.toMillis()));

        AdminServer.Run other = server.admin("subscriptions", "-t", "no.such.topic");
        assertEquals(0, other.exitCode(), other.toString());
        assertTrue(other.out().contains("JMS topic subscriptions (name server " + server.namesrv() + "): 0"),
                other.toString());
        durable.close();
        shared.close();
        session.close();
    }

    @Test
    void unknownQueueIsOneLineAndExitCodeOne() {
        AdminServer.Run run = server.admin("queues", "-q", "no.such.queue");
        assertEquals(1, run.exitCode(), run.toString());
        assertTrue(run.out().contains("no JMS queue 'no.such.queue'"), run.toString());
        assertFalse(run.err().contains("Exception"), run.toString());
    }

    private static String[] row(AdminServer.Run run, String subscription) {
        return run.out().lines().map(l -> l.split("\\s{2,}")).filter(c -> c.length == 8 && c[1].equals(subscription))
                .findFirst().orElseThrow(() -> new AssertionError("no row of " + subscription + ": " + run));
    }
}
