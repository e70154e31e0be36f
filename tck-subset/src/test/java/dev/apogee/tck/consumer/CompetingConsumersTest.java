package dev.apogee.tck.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Consumers of one queue (Jakarta Messaging 3.1 §4.1.5, §6.2.10, §3.5.11): they share its messages, whoever sent
 * them; a consumer that is not ready to take a message holds none; redelivery is counted exactly.
 */
class CompetingConsumersTest extends TckTestBase {

    private static List<String> texts(String prefix, int n) {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            texts.add(prefix + i);
        }
        return texts;
    }

    @Test
    @Spec("4.1.5")
    @DisplayName("4.1.5 three consumers of a queue each get a share of what one session sent")
    void threeConsumersShareOneSessionsMessages() throws Exception {
        Connection c = startedConnection();
        Queue queue = queue();
        List<MessageConsumer> consumers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            consumers.add(c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue));
        }
        Session producing = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        List<String> sent = texts("share-", 30);
        sendTexts(producing, queue, sent.toArray(String[]::new));
        Map<Integer, List<String>> got = new HashMap<>();
        List<String> all = new ArrayList<>();
        for (int round = 0; all.size() < sent.size() && round < 200; round++) {
            for (int i = 0; i < consumers.size(); i++) {
                Message m = consumers.get(i).receive(200);
                if (m != null) {
                    String text = ((TextMessage) m).getText();
                    got.computeIfAbsent(i, k -> new ArrayList<>()).add(text);
                    all.add(text);
                }
            }
        }
        assertEquals(sorted(sent), sorted(all), "every message exactly once");
        for (int i = 0; i < consumers.size(); i++) {
            assertTrue(got.getOrDefault(i, List.of()).size() >= 5, "consumer " + i + " got a share: " + got);
        }
    }

    @Test
    @Spec({"3.8.1.1", "4.1.5"})
    @DisplayName("4.1.5 consumers with complementary selectors on one queue get all messages, each the ones it selects")
    void complementarySelectorsLoseNothing() throws Exception {
        Connection c = startedConnection();
        Queue queue = queue();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer red = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue, "color = 'red'");
        MessageConsumer blue = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue,
                "color <> 'red'");
        MessageProducer p = s.createProducer(queue);
        for (int i = 0; i < 20; i++) {
            TextMessage m = s.createTextMessage("m" + i);
            m.setStringProperty("color", i % 3 == 0 ? "red" : "blue");
            p.send(m);
        }
        List<String> reds = new ArrayList<>();
        List<String> blues = new ArrayList<>();
        for (int round = 0; reds.size() + blues.size() < 20 && round < 200; round++) {
            Message r = red.receive(100);
            if (r != null) {
                assertEquals("red", r.getStringProperty("color"));
                reds.add(((TextMessage) r).getText());
            }
            Message b = blue.receive(100);
            if (b != null) {
                assertEquals("blue", b.getStringProperty("color"));
                blues.add(((TextMessage) b).getText());
            }
        }
        assertEquals(7, reds.size(), "reds: " + reds);
        assertEquals(13, blues.size(), "blues: " + blues);
        assertNoMessage(red);
        assertNoMessage(blue);
    }

    @Test
    @Spec({"3.5.11", "6.2.10"})
    @DisplayName("3.5.11 recover redelivers with JMSRedelivered and JMSXDeliveryCount counting each delivery")
    void recoverCountsEachDelivery() throws Exception {
        Session s = startedConnection().createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Queue queue = queue();
        sendTexts(s, queue, "counted");
        MessageConsumer consumer = s.createConsumer(queue);
        for (int delivery = 1; delivery <= 3; delivery++) {
            Message m = receive(consumer);
            assertEquals("counted", ((TextMessage) m).getText());
            assertEquals(delivery, m.getIntProperty("JMSXDeliveryCount"));
            assertEquals(delivery > 1, m.getJMSRedelivered());
            if (delivery < 3) {
                s.recover();
            } else {
                m.acknowledge();
            }
        }
        assertNoMessage(consumer);
    }

    @Test
    @Spec({"3.5.11", "6.2.7"})
    @DisplayName("6.2.7 rollback redelivers just the rolled-back message, counted once more, to any consumer")
    void rollbackCountsAndRedeliversToAnyConsumer() throws Exception {
        Connection c = startedConnection();
        Queue queue = queue();
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageConsumer first = tx.createConsumer(queue);
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        sendTexts(plain, queue, "tx-1");
        Message m = receive(first);
        assertEquals(1, m.getIntProperty("JMSXDeliveryCount"));
        tx.rollback();
        first.close();
        MessageConsumer other = plain.createConsumer(queue);
        Message again = receive(other);
        assertEquals("tx-1", ((TextMessage) again).getText());
        assertTrue(again.getJMSRedelivered());
        assertEquals(2, again.getIntProperty("JMSXDeliveryCount"));
        assertNoMessage(other);
    }

    @Test
    @Spec("3.5.11")
    @DisplayName("3.5.11 messages a closed consumer received ahead of the application are not counted as delivered")
    void closingAConsumerDoesNotCountWhatItNeverDelivered() throws Exception {
        Connection c = startedConnection();
        Queue queue = queue();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        List<String> sent = texts("ahead-", 12);
        sendTexts(s, queue, sent.toArray(String[]::new));
        MessageConsumer early = s.createConsumer(queue);
        List<String> got = new ArrayList<>(receiveTexts(early, 3)); // a provider may have fetched more meanwhile
        early.close();
        MessageConsumer late = s.createConsumer(queue);
        for (int i = 3; i < sent.size(); i++) {
            Message m = receive(late);
            assertFalse(m.getJMSRedelivered(), "never delivered before: " + m);
            assertEquals(1, m.getIntProperty("JMSXDeliveryCount"));
            got.add(((TextMessage) m).getText());
        }
        assertEquals(sorted(sent), sorted(got));
        assertNoMessage(late);
    }

    @Test
    @Spec({"8.7", "3.5.11"})
    @DisplayName("8.7 a listener that throws in AUTO_ACKNOWLEDGE gets the message again, JMSXDeliveryCount 2")
    void throwingListenerCountsTheRedelivery() throws Exception {
        Connection c = startedConnection();
        Queue queue = queue();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        BlockingQueue<Integer> counts = new ArrayBlockingQueue<>(10);
        s.createConsumer(queue).setMessageListener(m -> {
            try {
                int count = m.getIntProperty("JMSXDeliveryCount");
                counts.add(count);
                if (count == 1) {
                    throw new IllegalStateException("the first delivery fails (expected by the test)");
                }
            } catch (jakarta.jms.JMSException e) {
                throw new IllegalStateException(e);
            }
        });
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "fails-once");
        assertEquals(1, counts.poll(timeout(), TimeUnit.MILLISECONDS));
        assertEquals(2, counts.poll(timeout(), TimeUnit.MILLISECONDS));
        assertNull(counts.poll(env().absenceWaitMillis(), TimeUnit.MILLISECONDS), "acknowledged after the second");
    }

    @Test
    @Spec("8.4")
    @DisplayName("8.4 a consumer of a stopped connection gets nothing: another consumer of the queue takes all")
    void stoppedConnectionsConsumerHoldsNothing() throws Exception {
        Connection stopped = connection();
        Queue queue = queue();
        MessageConsumer idle = stopped.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue);
        BlockingQueue<Message> idleGot = new ArrayBlockingQueue<>(10);
        idle.setMessageListener(idleGot::add);
        Connection active = startedConnection();
        Session s = active.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer taker = s.createConsumer(queue);
        List<String> sent = texts("active-", 8);
        sendTexts(s, queue, sent.toArray(String[]::new));
        assertEquals(sorted(sent), sorted(receiveTexts(taker, 8)));
        assertTrue(idleGot.isEmpty(), "the stopped connection's consumer got " + idleGot);
    }

    @Test
    @Spec("4.1.6")
    @DisplayName("4.1.6 a queue browser shows a message received and not yet acknowledged")
    void browserSeesAnUnacknowledgedMessage() throws Exception {
        Connection c = startedConnection();
        Queue queue = queue();
        Session client = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        sendTexts(client, queue, "in-flight", "waiting");
        Message held = receive(client.createConsumer(queue));
        assertNotNull(held);
        QueueBrowser browser = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createBrowser(queue);
        List<String> browsed = new ArrayList<>();
        for (Object m : Collections.list(browser.getEnumeration())) {
            browsed.add(((TextMessage) m).getText());
        }
        assertTrue(browsed.contains(((TextMessage) held).getText()), "browsed " + browsed);
        assertTrue(browsed.contains("waiting"), "browsed " + browsed);
    }
}
