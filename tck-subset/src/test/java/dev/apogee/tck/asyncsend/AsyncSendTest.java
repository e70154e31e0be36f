package dev.apogee.tck.asyncsend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.CompletionListener;
import jakarta.jms.IllegalStateException;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Asynchronous send with a CompletionListener (Jakarta Messaging 3.1 §7.3). */
class AsyncSendTest extends TckTestBase {
    private static final int COUNT = 10;

    /** Records completions; fails on exceptions. */
    private static final class Recorder implements CompletionListener {
        final List<Message> completed = Collections.synchronizedList(new ArrayList<>());
        final List<Exception> failed = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch done;

        Recorder(int expected) {
            done = new CountDownLatch(expected);
        }

        @Override
        public void onCompletion(Message message) {
            completed.add(message);
            done.countDown();
        }

        @Override
        public void onException(Message message, Exception exception) {
            failed.add(exception);
            done.countDown();
        }
    }

    @Test
    @Spec({"7.3", "7.3.8"})
    @DisplayName("7.3 each async send completes exactly once, with the message object sent")
    void completionsArriveOnce() throws Exception {
        Queue queue = queue();
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(queue);
        Recorder recorder = new Recorder(COUNT);
        java.util.Set<Message> sent = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int i = 0; i < COUNT; i++) {
            Message m = s.createTextMessage("a" + i);
            sent.add(m);
            p.send(m, recorder);
        }
        assertTrue(recorder.done.await(timeout(), TimeUnit.MILLISECONDS), "all completions within the timeout");
        assertEquals(List.of(), recorder.failed);
        assertEquals(COUNT, recorder.completed.size(), "once each");
        java.util.Set<Message> completed = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        completed.addAll(recorder.completed);
        assertEquals(sent, completed, "the very objects sent");
        for (Message m : completed) {
            assertTrue(m.getJMSMessageID().startsWith("ID:"));
        }
        assertEquals(COUNT, receiveTexts(s.createConsumer(queue), COUNT).size());
    }

    @Test
    @Spec("7.3")
    @DisplayName("7.3 completions of one producer's async sends run in send order")
    void completionsArriveOnceInOrder() throws Exception {
        Queue queue = queue();
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(queue);
        Recorder recorder = new Recorder(COUNT);
        List<Message> sent = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            Message m = s.createTextMessage("a" + i);
            sent.add(m);
            p.send(m, recorder);
        }
        assertTrue(recorder.done.await(timeout(), TimeUnit.MILLISECONDS), "all completions within the timeout");
        assertEquals(List.of(), recorder.failed);
        assertEquals(COUNT, recorder.completed.size(), "once each");
        for (int i = 0; i < COUNT; i++) {
            assertSame(sent.get(i), recorder.completed.get(i), "completion " + i + " in send order");
            assertTrue(sent.get(i).getJMSMessageID().startsWith("ID:"));
        }
        assertEquals(COUNT, receiveTexts(s.createConsumer(queue), COUNT).size());
    }

    @Test
    @Spec("7.3.8")
    @DisplayName("7.3.8 close of the producer, session or connection in a CompletionListener: IllegalStateException")
    void closingFromTheCompletionListenerIsIllegal() throws Exception {
        var connection = startedConnection();
        Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(queue());
        CompletableFuture<List<Throwable>> thrown = new CompletableFuture<>();
        p.send(s.createTextMessage("x"), new CompletionListener() {
            @Override
            public void onCompletion(Message message) {
                List<Throwable> errors = new ArrayList<>();
                errors.add(attempt(p::close));
                errors.add(attempt(s::close));
                errors.add(attempt(connection::close));
                thrown.complete(errors);
            }

            @Override
            public void onException(Message message, Exception exception) {
                thrown.completeExceptionally(exception);
            }
        });
        for (Throwable t : thrown.get(timeout(), TimeUnit.MILLISECONDS)) {
            assertInstanceOf(IllegalStateException.class, t);
        }
    }

    @Test
    @Spec({"7.3", "2.8"})
    @DisplayName("7.3 JMSProducer.setAsync sends asynchronously; setAsync(null) goes back to synchronous")
    void jmsProducerAsync() throws Exception {
        Queue queue = queue();
        JMSContext ctx = context();
        Recorder recorder = new Recorder(1);
        var producer = ctx.createProducer().setAsync(recorder);
        assertSame(recorder, producer.getAsync());
        producer.send(queue, "async");
        assertTrue(recorder.done.await(timeout(), TimeUnit.MILLISECONDS));
        assertEquals(List.of(), recorder.failed);
        producer.setAsync(null);
        assertNull(producer.getAsync());
        producer.send(queue, "sync");
        var consumer = ctx.createConsumer(queue);
        List<String> got = new ArrayList<>();
        got.add(consumer.receiveBody(String.class, timeout()));
        got.add(consumer.receiveBody(String.class, timeout()));
        assertEquals(List.of("async", "sync"), sorted(got));
    }

    @Test
    @Spec("7.3.8")
    @DisplayName("7.3.8 closing a JMSContext from a CompletionListener throws IllegalStateRuntimeException")
    void closingTheContextFromItsListenerIsIllegal() throws Exception {
        JMSContext ctx = context();
        CompletableFuture<Throwable> thrown = new CompletableFuture<>();
        ctx.createProducer().setAsync(new CompletionListener() {
            @Override
            public void onCompletion(Message message) {
                try {
                    ctx.close();
                    thrown.complete(null);
                } catch (Throwable t) {
                    thrown.complete(t);
                }
            }

            @Override
            public void onException(Message message, Exception exception) {
                thrown.completeExceptionally(exception);
            }
        }).send(queue(), "x");
        assertInstanceOf(IllegalStateRuntimeException.class, thrown.get(timeout(), TimeUnit.MILLISECONDS));
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
}
