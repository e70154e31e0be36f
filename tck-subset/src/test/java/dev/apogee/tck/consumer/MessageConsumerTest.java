package dev.apogee.tck.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.IllegalStateException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.TopicSubscriber;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Synchronous and asynchronous receipt, consumer close, noLocal (Jakarta Messaging 3.1 chapter 8). */
class MessageConsumerTest extends TckTestBase {

    @Test
    @Spec("8")
    @DisplayName("8 receiveNoWait and receive(timeout) return null on an empty destination, the message otherwise")
    void synchronousReceiveVariants() throws Exception {
        Queue queue = queue();
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(queue);
        assertNull(consumer.receiveNoWait());
        assertNull(consumer.receive(200));
        sendTexts(s, queue, "sync");
        assertEquals("sync", receiveText(consumer));
        sendTexts(s, queue, "nowait");
        Message m = null;
        long deadline = System.currentTimeMillis() + timeout();
        while (m == null && System.currentTimeMillis() < deadline) {
            m = consumer.receiveNoWait();
            if (m == null) {
                Thread.onSpinWait();
            }
        }
        assertEquals("nowait", ((TextMessage) m).getText());
    }

    @Test
    @Spec({"8.7", "8.4"})
    @DisplayName("8.7 a MessageListener receives the messages once the connection starts")
    void listenerReceivesAsynchronously() throws Exception {
        Queue queue = queue();
        Connection c = connection();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(queue);
        BlockingQueue<String> got = new LinkedBlockingQueue<>();
        MessageListener listener = m -> {
            try {
                got.add(((TextMessage) m).getText());
            } catch (Exception e) {
                got.add("failed: " + e);
            }
        };
        consumer.setMessageListener(listener);
        assertSame(listener, consumer.getMessageListener());
        sendTexts(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "l1", "l2");
        assertNull(got.poll(env().absenceWaitMillis(), TimeUnit.MILLISECONDS), "nothing before start");
        c.start();
        String first = got.poll(timeout(), TimeUnit.MILLISECONDS);
        String second = got.poll(timeout(), TimeUnit.MILLISECONDS);
        assertEquals(List.of("l1", "l2"), sorted(java.util.Arrays.asList(first, second)));
    }

    @Test
    @Spec({"8.7", "3.4.7", "3.5.11"})
    @DisplayName("8.7 AUTO_ACKNOWLEDGE: a listener that throws gets the message again, flagged redelivered")
    void throwingListenerGetsTheMessageAgain() throws Exception {
        Queue queue = queue();
        Connection c = connection();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        BlockingQueue<Message> deliveries = new LinkedBlockingQueue<>();
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        s.createConsumer(queue).setMessageListener(m -> {
            deliveries.add(m);
            if (calls.incrementAndGet() == 1) {
                throw new RuntimeException("first delivery fails on purpose");
            }
        });
        sendTexts(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "retry me");
        c.start();
        Message first = deliveries.poll(timeout(), TimeUnit.MILLISECONDS);
        Message second = deliveries.poll(timeout(), TimeUnit.MILLISECONDS);
        assertEquals("retry me", ((TextMessage) first).getText());
        assertEquals("retry me", ((TextMessage) second).getText());
        assertTrue(second.getJMSRedelivered());
        assertEquals(2, second.getIntProperty("JMSXDeliveryCount"));
    }

    @Test
    @Spec("8.8")
    @DisplayName("8.8 a listener may close its own consumer; no further message reaches it")
    void listenerMayCloseItsOwnConsumer() throws Exception {
        Queue queue = queue();
        Connection c = connection();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(queue);
        CompletableFuture<Throwable> closed = new CompletableFuture<>();
        BlockingQueue<String> got = new LinkedBlockingQueue<>();
        consumer.setMessageListener(m -> {
            got.add("delivery");
            try {
                consumer.close();
                closed.complete(null);
            } catch (Throwable t) {
                closed.complete(t);
            }
        });
        sendTexts(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "one", "two");
        c.start();
        assertNull(closed.get(timeout(), TimeUnit.MILLISECONDS));
        assertEquals("delivery", got.take());
        assertNull(got.poll(env().absenceWaitMillis(), TimeUnit.MILLISECONDS), "exactly one delivery");
    }

    @Test
    @Spec("8.8")
    @DisplayName("8.8 closing a consumer makes a receive blocked in another thread return null")
    void closeReleasesABlockedReceive() throws Exception {
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(queue());
        CompletableFuture<Message> blocked = CompletableFuture.supplyAsync(() -> {
            try {
                return consumer.receive();
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        try {
            blocked.get(env().absenceWaitMillis(), TimeUnit.MILLISECONDS);
            fail("receive() returned before the consumer was closed");
        } catch (java.util.concurrent.TimeoutException expected) {
            // still blocked, as it must be
        }
        consumer.close();
        assertNull(blocked.get(timeout(), TimeUnit.MILLISECONDS));
    }

    @Test
    @Spec("8.8")
    @DisplayName("8.8 a closed consumer refuses receive and listeners; close is idempotent")
    void closedConsumerRefusesUse() throws Exception {
        Session s = connection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(queue(), "a = 1");
        assertEquals("a = 1", consumer.getMessageSelector());
        consumer.close();
        consumer.close();
        assertThrows(IllegalStateException.class, consumer::receiveNoWait);
        assertThrows(IllegalStateException.class, () -> consumer.receive(10));
        assertThrows(IllegalStateException.class, () -> consumer.setMessageListener(m -> { }));
        assertThrows(IllegalStateException.class, consumer::getMessageSelector);
    }

    @Test
    @Spec("8.3.1")
    @DisplayName("8.3.1 noLocal: a topic consumer does not get messages published by its own connection")
    void noLocalSkipsOwnConnectionsMessages() throws Exception {
        Assumptions.assumeTrue(env().capabilities().noLocal(), "the provider does not implement noLocal");
        var topic = topic();
        Connection own = startedConnection();
        Session s = own.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(topic, null, true);
        sendTexts(s, topic, "local");
        sendTexts(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE), topic, "remote");
        assertEquals("remote", receiveText(consumer));
        assertNoMessage(consumer);
    }

    @Test
    @Spec("8.3.1")
    @DisplayName("8.3.1 noLocal with a selector: own messages are excluded, the others filtered by the selector")
    void noLocalCombinesWithTheSelector() throws Exception {
        Assumptions.assumeTrue(env().capabilities().noLocal(), "the provider does not implement noLocal");
        var topic = topic();
        Connection own = startedConnection();
        Session s = own.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(topic, "color = 'red'", true);
        assertTrue(consumer instanceof TopicSubscriber t && t.getNoLocal(), "getNoLocal");
        assertEquals("color = 'red'", consumer.getMessageSelector(), "the application's selector, unchanged");
        Session other = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer ownProducer = s.createProducer(topic);
        MessageProducer otherProducer = other.createProducer(topic);
        for (String color : new String[] {"red", "blue"}) {
            TextMessage mine = s.createTextMessage("own-" + color);
            mine.setStringProperty("color", color);
            ownProducer.send(mine);
            TextMessage theirs = other.createTextMessage("other-" + color);
            theirs.setStringProperty("color", color);
            otherProducer.send(theirs);
        }
        assertEquals("other-red", receiveText(consumer));
        assertNoMessage(consumer);
    }

    @Test
    @Spec("8.3.1")
    @DisplayName("8.3.1 noLocal: a message re-sent by another connection is that connection's, so it is delivered")
    void noLocalJudgesTheLastPublisher() throws Exception {
        Assumptions.assumeTrue(env().capabilities().noLocal(), "the provider does not implement noLocal");
        var topic = topic();
        var relayTopic = topic();
        Session own = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer noLocal = own.createConsumer(topic, null, true);
        Session relay = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer relayIn = relay.createConsumer(relayTopic);
        sendTexts(own, relayTopic, "relayed");
        Message received = receive(relayIn);
        relay.createProducer(topic).send(received);
        assertEquals("relayed", receiveText(noLocal));
        assertNoMessage(noLocal);
    }

    @Test
    @Spec({"8.3.1", "8.3.3"})
    @DisplayName("8.3.3 a durable noLocal subscription does not keep the messages of its own connection")
    void durableNoLocalSkipsOwnConnectionsMessages() throws Exception {
        Assumptions.assumeTrue(env().capabilities().noLocal(), "the provider does not implement noLocal");
        var topic = topic();
        String name = uniqueName("nolocal");
        Connection own = closeLater(env().connectionFactory().createConnection());
        own.setClientID(uniqueName("nolocal-client"));
        own.start();
        Session s = own.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer durable = s.createDurableConsumer(topic, name, null, true);
        sendTexts(s, topic, "own");
        sendTexts(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE), topic, "remote");
        assertEquals("remote", receiveText(durable));
        assertNoMessage(durable);
        durable.close();
        s.unsubscribe(name);
    }
}
