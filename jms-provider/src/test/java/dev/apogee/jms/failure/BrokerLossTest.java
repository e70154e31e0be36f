package dev.apogee.jms.failure;

import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A broker killed with SIGKILL under a JMS connection (the name server stays up): the ExceptionListener hears of it
 * once (CONNECTION_LOST), the dead connection fails fast and still closes, and after a restart on the same store a
 * new connection receives every message whose PERSISTENT send returned (SYNC_FLUSH). With {@code reconnect=true}
 * the same connection rides out the restart instead.
 */
@Tag("slow")
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class BrokerLossTest {
    private static final String LOST = ErrorCode.CONNECTION_LOST.code();

    @TempDir
    Path dir;
    private NameServer namesrv;
    private ChildBroker broker;
    private final List<Connection> connections = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        broker = new ChildBroker(dir.resolve("broker"), "jms-kill", namesrv.localAddress()).start();
    }

    @AfterEach
    void stop() throws Exception {
        for (Connection c : connections) {
            c.close();
        }
        if (broker != null) {
            broker.close();
        }
        if (namesrv != null) {
            namesrv.close();
        }
    }

    private Connection connect(boolean reconnect) throws JMSException {
        ApogeeConnectionFactory factory = new ApogeeConnectionFactory("apogee://" + namesrv.localAddress()
                + "?healthCheckInterval=500&reconnect=" + reconnect + "&reconnectTimeout=120000");
        assertEquals(reconnect, factory.isReconnect());
        Connection c = factory.createConnection();
        connections.add(c);
        return c;
    }

    @Test
    void killedBrokerIsReportedOnceAndEverySentMessageSurvives() throws Exception {
        Connection connection = connect(false);
        List<JMSException> reported = new CopyOnWriteArrayList<>();
        connection.setExceptionListener(reported::add);
        Session session = connection.createSession();
        Queue queue = session.createQueue("kill_" + System.nanoTime());
        MessageProducer producer = session.createProducer(queue);
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        Session listening = connection.createSession();
        MessageConsumer idle = listening.createConsumer(listening.createQueue("idle_" + System.nanoTime()));
        connection.start();

        Set<String> sent = ConcurrentHashMap.newKeySet();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicReference<JMSException> lastFailure = new AtomicReference<>();
        Thread sender = new Thread(() -> {
            for (int i = 0; running.get(); i++) {
                String body = "m-" + i;
                try {
                    producer.send(session.createTextMessage(body));
                    sent.add(body); // send returned: the broker stored and flushed it
                } catch (JMSException e) {
                    lastFailure.set(e); // the broker is gone: this one may or may not be stored
                }
            }
        }, "jms-kill-producer");
        sender.start();
        try {
            await("messages flowing").atMost(Duration.ofSeconds(60)).until(() -> sent.size() >= 300);
            broker.kill9();
            await("the ExceptionListener hears of the lost broker").atMost(Duration.ofSeconds(30))
                    .until(() -> !reported.isEmpty());
            JMSException failure = reported.get(0);
            assertEquals(LOST, failure.getErrorCode(), failure.toString());
            // the producer thread now fails fast on the dead connection, with the same code
            await("sends fail with CONNECTION_LOST").atMost(Duration.ofSeconds(30))
                    .until(() -> lastFailure.get() != null && LOST.equals(lastFailure.get().getErrorCode()));
        } finally {
            running.set(false);
            sender.join(30_000);
        }
        assertFalse(sender.isAlive(), "a send on the dead connection hung");
        JMSException send = assertThrows(JMSException.class, () -> producer.send(session.createTextMessage("late")));
        assertEquals(LOST, send.getErrorCode());
        JMSException receive = assertThrows(JMSException.class, idle::receive, "receive() must not wait forever");
        assertEquals(LOST, receive.getErrorCode());
        JMSException newSession = assertThrows(JMSException.class, connection::createSession);
        assertInstanceOf(IllegalStateException.class, newSession);
        assertEquals(LOST, newSession.getErrorCode());

        broker.start(); // same port, same store
        Connection fresh = connect(false);
        fresh.start();
        MessageConsumer consumer = fresh.createSession().createConsumer(queue);
        Map<String, Integer> received = new HashMap<>();
        await("every sent message is received after the restart").atMost(Duration.ofSeconds(90)).until(() -> {
            Message m;
            while ((m = consumer.receive(500)) != null) {
                received.merge(((TextMessage) m).getText(), 1, Integer::sum);
            }
            return received.keySet().containsAll(sent);
        });
        Set<String> lost = new HashSet<>(sent);
        lost.removeAll(received.keySet());
        assertTrue(lost.isEmpty(), lost.size() + " of " + sent.size() + " sent messages lost");
        long duplicates = received.values().stream().filter(n -> n > 1).count();
        long unconfirmed = received.keySet().stream().filter(b -> !sent.contains(b)).count();
        System.out.printf("JMS kill -9: %d sends returned before the kill, all received after the restart; "
                + "%d stored though their send failed, %d received more than once%n", sent.size(), unconfirmed,
                duplicates);

        connection.close(); // works on the dead connection
        assertEquals(1, reported.size(), "reported once: " + reported);
    }

    @Test
    void reconnectingConnectionRidesOutABrokerRestart() throws Exception {
        Connection connection = connect(true);
        List<JMSException> reported = new CopyOnWriteArrayList<>();
        connection.setExceptionListener(reported::add);
        connection.start();
        Session session = connection.createSession();
        Queue queue = session.createQueue("reconnect_" + System.nanoTime());
        MessageConsumer consumer = session.createConsumer(queue);
        MessageProducer producer = session.createProducer(queue);
        producer.send(session.createTextMessage("before"));
        Message before = consumer.receive(30_000);
        assertNotNull(before);
        assertEquals("before", ((TextMessage) before).getText());

        broker.kill9();
        await("sends fail while the broker is down").atMost(Duration.ofSeconds(60)).until(() -> {
            try {
                producer.send(session.createTextMessage("probe"));
                return false;
            } catch (JMSException e) {
                return !LOST.equals(e.getErrorCode()); // not lost: the connection waits for the broker
            }
        });
        broker.start();
        await("the same connection sends again").atMost(Duration.ofSeconds(90)).ignoreExceptions()
                .until(() -> {
                    producer.send(session.createTextMessage("after"));
                    return true;
                });
        await("the same consumer receives again").atMost(Duration.ofSeconds(90)).until(() -> {
            Message m = consumer.receive(500);
            return m != null && "after".equals(((TextMessage) m).getText());
        });
        assertTrue(reported.isEmpty(), "a reconnecting connection reports nothing within its timeout: " + reported);
    }
}
