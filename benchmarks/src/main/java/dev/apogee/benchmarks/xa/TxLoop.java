package dev.apogee.benchmarks.xa;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.XAConnection;
import jakarta.jms.XAConnectionFactory;
import jakarta.jms.XASession;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;

import java.util.Arrays;

/**
 * One worker: its own connection and session, a consumer and a producer on the same queue; each transaction receives
 * one message and sends one (the queue depth stays at what was primed). XA: Narayana begin, enlist the session's
 * resource and a {@link NoOpXAResource}, receive, send, commit (two-phase). Local: receive, send,
 * {@code Session.commit()}. Latency is recorded per transaction, from begin to the end of commit, after warm-up.
 */
final class TxLoop implements Runnable {
    private final XaBenchConfig config;
    private final ConnectionFactory factory;
    private final TransactionManager tm;
    private final String body;
    private final long measureFromNanos;
    private final long endNanos;
    private long[] latencies = new long[1 << 16];
    int count;
    long misses;
    long errors;
    Throwable fatal;

    TxLoop(XaBenchConfig config, ConnectionFactory factory, TransactionManager tm, long measureFromNanos,
            long endNanos) {
        this.config = config;
        this.factory = factory;
        this.tm = tm;
        this.body = "x".repeat(config.bodyBytes());
        this.measureFromNanos = measureFromNanos;
        this.endNanos = endNanos;
    }

    @Override
    public void run() {
        try {
            if (config.xa()) {
                runXa();
            } else {
                runLocal();
            }
        } catch (Throwable t) {
            fatal = t;
        }
    }

    private void runXa() throws Exception {
        XAConnection connection = config.user() == null ? ((XAConnectionFactory) factory).createXAConnection()
                : ((XAConnectionFactory) factory).createXAConnection(config.user(), config.password());
        try {
            connection.start();
            XASession session = connection.createXASession();
            Queue queue = session.createQueue(config.queue());
            MessageConsumer consumer = session.createConsumer(queue);
            MessageProducer producer = session.createProducer(queue);
            while (true) {
                long start = System.nanoTime();
                if (start >= endNanos) {
                    return;
                }
                try {
                    tm.begin();
                    Transaction t = tm.getTransaction();
                    t.enlistResource(session.getXAResource());
                    t.enlistResource(new NoOpXAResource());
                    Message in = consumer.receive(5_000);
                    if (in == null) {
                        misses++;
                        tm.rollback();
                        continue;
                    }
                    producer.send(session.createTextMessage(body));
                    tm.commit();
                    record(start);
                } catch (Exception e) {
                    failed(e);
                    if (tm.getTransaction() != null) {
                        tm.rollback();
                    }
                }
            }
        } finally {
            connection.close();
        }
    }

    private void runLocal() throws Exception {
        Connection connection = config.user() == null ? factory.createConnection()
                : factory.createConnection(config.user(), config.password());
        try {
            connection.start();
            Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
            Queue queue = session.createQueue(config.queue());
            MessageConsumer consumer = session.createConsumer(queue);
            MessageProducer producer = session.createProducer(queue);
            while (true) {
                long start = System.nanoTime();
                if (start >= endNanos) {
                    return;
                }
                try {
                    Message in = consumer.receive(5_000);
                    if (in == null) {
                        misses++;
                        session.rollback();
                        continue;
                    }
                    producer.send(session.createTextMessage(body));
                    session.commit();
                    record(start);
                } catch (JMSException e) {
                    failed(e);
                    session.rollback();
                }
            }
        } finally {
            connection.close();
        }
    }

    private void failed(Exception e) {
        if (++errors == 1 || errors % 100 == 0) {
            System.err.println("transaction failed (" + errors + " so far): " + e);
        }
        if (errors > 1_000) {
            throw new IllegalStateException("too many failed transactions", e);
        }
    }

    private void record(long start) {
        if (start < measureFromNanos) {
            return; // warm-up
        }
        if (count == latencies.length) {
            latencies = Arrays.copyOf(latencies, count * 2);
        }
        latencies[count++] = System.nanoTime() - start;
    }

    long[] latencies() {
        return Arrays.copyOf(latencies, count);
    }
}
