package dev.apogee.jms.api;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static dev.apogee.jms.api.Fluent.assertThat;

/**
 * Backlogs drained again and again by fresh consumers (receive() and listeners, persistent and non-persistent
 * sends), as the benchmark's drains do: no consumer ever sits idle while messages are stored. The stall this guards
 * against costs whole long-poll periods (a held pull not woken, a pull chain that ended, a batch handed out late:
 * 20 s of broker hold or more); a normal drain here never pauses for more than a fraction of a second, so the bound
 * on the largest pause between two deliveries, {@value #STALL_MILLIS} ms, is far from both.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DrainWithoutStallTest {
    private static final int BACKLOG = 2_000;
    private static final int ROUNDS = 8;
    private static final long STALL_MILLIS = 10_000;
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void freshConsumersDrainEveryBacklogWithoutPausing() throws Exception {
        String name = "nostall_" + System.currentTimeMillis() % 100_000;
        List<String> rounds = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            send(name, round % 2 == 0 ? DeliveryMode.NON_PERSISTENT : DeliveryMode.PERSISTENT);
            long[] drained = round % 4 < 2 ? receiveDrain(name) : listenerDrain(name);
            rounds.add("round " + round + ": " + drained[0] + " messages, largest pause " + drained[1] + " ms");
            assertThat(drained[0]).as(rounds.toString()).isEqualTo((long) BACKLOG);
            assertThat(drained[1] < STALL_MILLIS).as(rounds.toString()).isTrue();
        }
    }

    /**
     * The other side of the same guarantee: a consumer waiting on an empty queue (its pulls held by the broker) gets
     * each message as it is sent, one request/reply step at a time, as the request/reply benchmark does.
     */
    @Test
    void aWaitingConsumerGetsEachMessageAsItIsSent() throws Exception {
        String name = "nostallwait_" + System.currentTimeMillis() % 100_000;
        try (Connection pc = broker.factory().createConnection();
                Connection cc = broker.factory().createConnection()) {
            Session ps = pc.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = ps.createProducer(ps.createQueue(name));
            p.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            Session cs = cc.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = cs.createConsumer(cs.createQueue(name));
            cc.start();
            for (int i = 0; i < 300; i++) {
                Message sent = ps.createMessage();
                sent.setIntProperty("seq", i);
                p.send(sent);
                Message m = consumer.receive(STALL_MILLIS);
                assertThat(m).as("message " + i + " within " + STALL_MILLIS + " ms").isNotNull();
                assertThat(m.getIntProperty("seq")).isEqualTo(i);
            }
        }
    }

    /** {messages received, largest pause in ms} (the first pause counts from the connection's start). */
    private static long[] receiveDrain(String name) throws Exception {
        try (Connection c = broker.factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = s.createConsumer(s.createQueue(name));
            c.start();
            long got = 0;
            long largest = 0;
            long last = System.nanoTime();
            Message m;
            while (got < BACKLOG && (m = consumer.receive(3 * STALL_MILLIS)) != null) {
                assertThat(((BytesMessage) m).getBodyLength()).isEqualTo(1024L);
                long now = System.nanoTime();
                largest = Math.max(largest, now - last);
                last = now;
                got++;
            }
            return new long[] {got, TimeUnit.NANOSECONDS.toMillis(largest)};
        }
    }

    private static long[] listenerDrain(String name) throws Exception {
        AtomicInteger got = new AtomicInteger();
        AtomicLong largest = new AtomicLong();
        AtomicLong last = new AtomicLong();
        try (Connection c = broker.factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            s.createConsumer(s.createQueue(name)).setMessageListener(m -> {
                long now = System.nanoTime();
                largest.accumulateAndGet(now - last.getAndSet(now), Math::max);
                got.incrementAndGet();
            });
            last.set(System.nanoTime());
            c.start();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(3 * STALL_MILLIS);
            while (got.get() < BACKLOG && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            c.stop(); // the listener is not running any more
            long sinceLast = System.nanoTime() - last.get(); // a drain that stopped short paused until now
            long pause = got.get() < BACKLOG ? Math.max(largest.get(), sinceLast) : largest.get();
            return new long[] {got.get(), TimeUnit.NANOSECONDS.toMillis(pause)};
        }
    }

    private static void send(String queueName, int mode) throws Exception {
        byte[] body = new byte[1024];
        try (Connection c = broker.factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(s.createQueue(queueName));
            p.setDeliveryMode(mode);
            for (int i = 0; i < BACKLOG; i++) {
                BytesMessage m = s.createBytesMessage();
                m.writeBytes(body);
                p.send(m);
            }
        }
    }
}
