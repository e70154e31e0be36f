package dev.apogee.jms.api;

import jakarta.jms.Connection;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.apogee.jms.api.Fluent.assertThat;
import static dev.apogee.jms.api.Fluent.assertThatThrownBy;

/** Session semantics (acknowledge modes, recover, transactions, listeners, start/stop, close, client ids) against our own broker. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JmsSessionTest {
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static JmsBroker broker;
    private final List<Connection> connections = new ArrayList<>();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = JmsBroker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @AfterEach
    void closeConnections() throws Exception {
        for (Connection c : connections) {
            c.close();
        }
    }

    private Connection connect() throws Exception {
        Connection c = broker.factory().createConnection();
        connections.add(c);
        return c;
    }

    private Connection started() throws Exception {
        Connection c = connect();
        c.start();
        return c;
    }

    private static String name(String prefix) {
        return prefix + "_" + System.currentTimeMillis() % 100_000 + "_" + SEQ.incrementAndGet();
    }

    @Test
    void clientAcknowledgeAndRecoverRedeliver() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("clientack"));
        MessageConsumer consumer = s.createConsumer(queue);
        MessageProducer producer = s.createProducer(queue);
        for (int i = 0; i < 3; i++) {
            producer.send(s.createTextMessage("c" + i));
        }
        List<Message> first = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Message m = consumer.receive(10_000);
            assertThat(m).isNotNull();
            assertThat(m.getJMSRedelivered()).isFalse();
            first.add(m);
        }
        s.recover();
        List<String> again = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Message m = consumer.receive(10_000);
            assertThat(m).isNotNull();
            assertThat(m.getJMSRedelivered()).isTrue();
            assertThat(m.getIntProperty("JMSXDeliveryCount")).isEqualTo(2);
            again.add(((TextMessage) m).getText());
        }
        assertThat(again).containsExactlyElementsOf(first.stream().map(m -> {
            try {
                return ((TextMessage) m).getText();
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }).toList());
        first.get(0).acknowledge(); // acknowledges everything the session delivered
        consumer.close();
        MessageConsumer next = s.createConsumer(queue);
        assertThat(next.receive(1_000)).isNull();
    }

    @Test
    void unacknowledgedMessagesReturnAfterClose() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("noack"));
        MessageConsumer consumer = s.createConsumer(queue);
        s.createProducer(queue).send(s.createTextMessage("keep me"));
        assertThat(consumer.receive(10_000)).isNotNull();
        s.close();
        Session s2 = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer again = s2.createConsumer(queue);
        Message m = again.receive(10_000);
        assertThat(m).isNotNull();
        assertThat(((TextMessage) m).getText()).isEqualTo("keep me");
    }

    @Test
    void messageListenerReceivesAsynchronously() throws Exception {
        Connection c = connect();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("listener"));
        MessageConsumer consumer = s.createConsumer(queue);
        List<String> got = Collections.synchronizedList(new ArrayList<>());
        Set<String> threads = Collections.synchronizedSet(new HashSet<>());
        CountDownLatch latch = new CountDownLatch(5);
        consumer.setMessageListener(m -> {
            try {
                got.add(((TextMessage) m).getText());
                threads.add(Thread.currentThread().getName());
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
            latch.countDown();
        });
        Session ps = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer producer = ps.createProducer(queue);
        for (int i = 0; i < 5; i++) {
            producer.send(ps.createTextMessage("l" + i));
        }
        assertThat(latch.await(1, TimeUnit.SECONDS)).as("nothing is delivered before start").isFalse();
        c.start();
        assertThat(latch.await(15, TimeUnit.SECONDS)).isTrue();
        assertThat(got).containsExactlyInAnyOrder("l0", "l1", "l2", "l3", "l4");
        assertThat(threads).hasSize(1);
        assertThatThrownBy(consumer::receiveNoWait).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void receiveWithTimeoutReturnsNullOnAnEmptyQueue() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(s.createQueue(name("empty")));
        long start = System.nanoTime();
        assertThat(consumer.receive(500)).isNull();
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(took).isBetween(450L, 3_000L);
        assertThat(consumer.receiveNoWait()).isNull();
    }

    @Test
    void closedObjectsThrowIllegalState() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("closed"));
        MessageConsumer consumer = s.createConsumer(queue);
        MessageProducer producer = s.createProducer(queue);
        s.close();
        s.close(); // idempotent
        assertThatThrownBy(() -> s.createTextMessage("x")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> consumer.receive(10)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> producer.send(new dev.apogee.jms.message.ApogeeTextMessage()))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(s::recover).isInstanceOf(IllegalStateException.class);
        c.close();
        assertThatThrownBy(() -> c.createSession(false, Session.AUTO_ACKNOWLEDGE))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void clientIdRules() throws Exception {
        Connection a = connect();
        String id = name("client");
        a.setClientID(id);
        assertThat(a.getClientID()).isEqualTo(id);
        assertThatThrownBy(() -> a.setClientID("other")).isInstanceOf(IllegalStateException.class);
        Connection b = connect();
        assertThatThrownBy(() -> b.setClientID(id)).isInstanceOf(InvalidClientIDException.class);
        Connection late = connect();
        late.createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertThatThrownBy(() -> late.setClientID(name("late"))).isInstanceOf(IllegalStateException.class);
        a.close();
        b.setClientID(id); // released by close
    }

    @Test
    void transactedSessionSendsAtCommitAndRedeliversOnRollback() throws Exception {
        Connection c = started();
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        Queue queue = tx.createQueue(name("tx"));
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer observer = plain.createConsumer(queue);
        MessageProducer producer = tx.createProducer(queue);
        producer.send(tx.createTextMessage("x1"));
        assertThat(observer.receive(1_000)).as("not sent before commit").isNull();
        tx.commit();
        assertThat(drain(observer, 1)).containsExactly("x1");
        observer.close();

        MessageConsumer txConsumer = tx.createConsumer(queue);
        plain.createProducer(queue).send(plain.createTextMessage("x2"));
        Message m = txConsumer.receive(10_000);
        assertThat(((TextMessage) m).getText()).isEqualTo("x2");
        tx.rollback();
        Message again = txConsumer.receive(10_000);
        assertThat(((TextMessage) again).getText()).isEqualTo("x2");
        assertThat(again.getJMSRedelivered()).isTrue();
        tx.commit();
        txConsumer.close();
        assertThat(plain.createConsumer(queue).receive(1_000)).isNull();
    }

    @Test
    void stoppedConnectionDeliversNothingUntilStarted() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("stopstart"));
        MessageConsumer consumer = s.createConsumer(queue);
        c.stop();
        s.createProducer(queue).send(s.createTextMessage("held"));
        assertThat(consumer.receive(1_000)).as("stopped").isNull();
        c.start();
        Message m = consumer.receive(10_000);
        assertThat(((TextMessage) m).getText()).isEqualTo("held");
    }

    @Test
    void throwingListenerGetsTheMessageAgain() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("throwing"));
        MessageConsumer consumer = s.createConsumer(queue);
        List<Boolean> redelivered = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch twice = new CountDownLatch(2);
        consumer.setMessageListener(m -> {
            try {
                redelivered.add(m.getJMSRedelivered());
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
            twice.countDown();
            if (redelivered.size() == 1) {
                throw new RuntimeException("first attempt fails");
            }
        });
        s.createProducer(queue).send(s.createTextMessage("retry me"));
        assertThat(twice.await(15, TimeUnit.SECONDS)).isTrue();
        assertThat(redelivered).containsExactly(false, true);
    }

    @Test
    void connectionStopAndCloseFromAListenerAreRefused() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("selfstop"));
        MessageConsumer consumer = s.createConsumer(queue);
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch done = new CountDownLatch(1);
        consumer.setMessageListener(m -> {
            try {
                c.stop();
            } catch (Exception e) {
                failures.add(e);
            }
            try {
                c.close();
            } catch (Exception e) {
                failures.add(e);
            }
            done.countDown();
        });
        s.createProducer(queue).send(s.createTextMessage("x"));
        assertThat(done.await(15, TimeUnit.SECONDS)).isTrue();
        assertThat(failures).hasSize(2);
        assertThat(failures.get(0)).isInstanceOf(IllegalStateException.class);
        assertThat(failures.get(1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void dupsOkAcknowledgesAtClose() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.DUPS_OK_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("dupsok"));
        MessageConsumer consumer = s.createConsumer(queue);
        MessageProducer producer = s.createProducer(queue);
        for (int i = 0; i < 3; i++) {
            producer.send(s.createTextMessage("d" + i));
        }
        assertThat(drain(consumer, 3)).hasSize(3);
        s.close();
        Session s2 = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertThat(s2.createConsumer(queue).receive(1_000)).isNull();
    }

    private static List<String> drain(MessageConsumer consumer, int expected) throws Exception {
        List<String> got = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 15_000;
        while (got.size() < expected && System.currentTimeMillis() < deadline) {
            Message m = consumer.receive(200);
            if (m != null) {
                got.add(((TextMessage) m).getText());
            }
        }
        return got;
    }
}
