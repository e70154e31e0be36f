package dev.apogee.jms.api;

import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.IllegalStateException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CompletionListener rules (§7.3): callbacks in send order, refused calls from a callback, close waits for them. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AsyncSendCompletionTest {
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

    private Session session(boolean transacted) throws Exception {
        Connection c = broker.factory().createConnection();
        connections.add(c);
        c.start();
        return transacted ? c.createSession(Session.SESSION_TRANSACTED) : c.createSession(Session.AUTO_ACKNOWLEDGE);
    }

    private static Queue queue(Session s) throws Exception {
        return s.createQueue("ASYNC_COMPLETION_" + SEQ.incrementAndGet());
    }

    @Test
    void commitAndRollbackFromACompletionListenerOfTheSessionAreRefused() throws Exception {
        Session s = session(true);
        MessageProducer p = s.createProducer(queue(s));
        CompletableFuture<List<Throwable>> thrown = new CompletableFuture<>();
        p.send(s.createTextMessage("x"), new CompletionListener() {
            @Override
            public void onCompletion(Message message) {
                List<Throwable> errors = new ArrayList<>();
                errors.add(attempt(s::commit));
                errors.add(attempt(s::rollback));
                errors.add(attempt(p::close));
                thrown.complete(errors);
            }

            @Override
            public void onException(Message message, Exception exception) {
                thrown.completeExceptionally(exception);
            }
        });
        s.commit(); // the buffered send goes now; its callback runs after the commit
        List<Throwable> errors = thrown.get(30, TimeUnit.SECONDS);
        assertEquals(3, errors.size());
        for (Throwable t : errors) {
            assertInstanceOf(IllegalStateException.class, t);
        }
        p.send(s.createTextMessage("the producer and session still work"));
        s.commit();
    }

    @Test
    void aThrowingListenerDoesNotStopTheLaterCallbacks() throws Exception {
        Session s = session(false);
        MessageProducer p = s.createProducer(queue(s));
        CountDownLatch second = new CountDownLatch(1);
        p.send(s.createTextMessage("first"), new Listener(() -> {
            throw new RuntimeException("an application bug");
        }));
        p.send(s.createTextMessage("second"), new Listener(second::countDown));
        assertTrue(second.await(30, TimeUnit.SECONDS), "the callback after a throwing one still runs");
    }

    @Test
    void sessionCloseReturnsAfterTheCallbacksOfEarlierSendsRan() throws Exception {
        Session s = session(false);
        MessageProducer p = s.createProducer(queue(s));
        List<String> completed = Collections.synchronizedList(new ArrayList<>());
        int count = 50;
        for (int i = 0; i < count; i++) {
            String text = "m" + i;
            p.send(s.createTextMessage(text), new Listener(() -> completed.add(text)));
        }
        s.close();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            expected.add("m" + i);
        }
        assertEquals(expected, new ArrayList<>(completed), "all callbacks, in send order, before close returned");
    }

    @Test
    void aListenerMayCloseAnotherSessionsProducer() throws Exception {
        Session s = session(false);
        Session other = session(false);
        MessageProducer theirs = other.createProducer(queue(other));
        CompletableFuture<Throwable> thrown = new CompletableFuture<>();
        s.createProducer(queue(s)).send(s.createTextMessage("x"), new Listener(() -> thrown.complete(
                attempt(theirs::close))));
        Throwable t = thrown.get(30, TimeUnit.SECONDS);
        assertEquals(null, t, "only the callback's own session, producer, connection and context are refused");
        assertNotNull(s.createTextMessage("still open"));
    }

    private interface Action {
        void run() throws Exception;
    }

    private static Throwable attempt(Action action) {
        try {
            action.run();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    private record Listener(Runnable onCompletion) implements CompletionListener {
        @Override
        public void onCompletion(Message message) {
            onCompletion.run();
        }

        @Override
        public void onException(Message message, Exception exception) {
            throw new AssertionError("send failed", exception);
        }
    }
}
