package dev.apogee.jms.api;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.ApogeeMessage;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.ServerSession;
import jakarta.jms.ServerSessionPool;
import jakarta.jms.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A connection consumer (Jakarta Messaging 3.1 §8.2, application-server facility): one thread,
 * {@code apogee-jms-connection-consumer}, receives up to {@code maxMessages} messages from its own consumer, takes a
 * {@link ServerSession} from the pool, loads the messages into that server session's session ({@link SessionRun})
 * and calls {@link ServerSession#start()}; the application server then calls {@code Session.run()}, which hands
 * them to the session's {@code MessageListener}.
 *
 * <p>Acknowledgement follows the server session's session: in AUTO_ACKNOWLEDGE, DUPS_OK_ACKNOWLEDGE and transacted
 * mode the batch is acknowledged once {@code run()} delivered all of it (a batch the listener threw on is
 * delivered again instead, with {@code JMSRedelivered}, up to {@value #MAX_DELIVERIES} times, then dropped with an
 * ERROR); in CLIENT_ACKNOWLEDGE the listener's
 * {@code Message.acknowledge()} does it (a batch it keeps throwing on is dropped after {@value #MAX_DELIVERIES}
 * deliveries, with an ERROR), and what it leaves unacknowledged is delivered again after close. The
 * messages are received by an internal CLIENT_ACKNOWLEDGE session whose acknowledgement covers everything it handed
 * out, so this consumer hands out one batch at a time and waits for it: acknowledgements then never cover a message
 * still being processed (nothing acknowledged is lost). Parallelism comes from several connection consumers (those of
 * a queue or shared subscription share its messages one by one, by POP). The thread owns the internal session's consumer; {@code closed}
 * is volatile; {@link #close()} waits (bounded) for the batch in progress.
 */
final class ApogeeConnectionConsumer implements ConnectionConsumer {
    private static final Logger LOG = LoggerFactory.getLogger(ApogeeConnectionConsumer.class);
    /** How long one batch may run before the consumer gives up waiting for it (and stops acknowledging it). */
    static final long BATCH_TIMEOUT_MILLIS = 60_000;
    private static final long POLL_MILLIS = 200;
    /** Deliveries of a batch the listener keeps throwing on before it is dropped (as SessionAcknowledgements does). */
    static final int MAX_DELIVERIES = 10;

    private final ApogeeConnection connection;
    private final ApogeeSession internal;
    private final MessageConsumer consumer;
    private final ServerSessionPool pool;
    private final int maxMessages;
    private final Thread thread;
    private volatile boolean closed;

    ApogeeConnectionConsumer(ApogeeConnection connection, ApogeeSession internal, MessageConsumer consumer,
            ServerSessionPool pool, int maxMessages) {
        this.connection = connection;
        this.internal = internal;
        this.consumer = consumer;
        this.pool = pool;
        this.maxMessages = maxMessages;
        this.thread = new Thread(this::loop, "apogee-jms-connection-consumer");
        this.thread.setDaemon(true);
    }

    /** Bad arguments fail before anything is created. */
    static void validate(ServerSessionPool pool, int maxMessages) throws JMSException {
        if (pool == null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "a connection consumer needs a ServerSessionPool");
        }
        if (maxMessages < 1) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "maxMessages must be at least 1, not " + maxMessages);
        }
    }

    void start() {
        thread.start();
    }

    @Override
    public ServerSessionPool getServerSessionPool() throws JMSException {
        if (closed) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the connection consumer is closed");
        }
        return pool;
    }

    @Override
    public void close() throws JMSException {
        if (closed) {
            return;
        }
        closed = true;
        if (Thread.currentThread() != thread) {
            try {
                thread.join(BATCH_TIMEOUT_MILLIS + 5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        internal.close(); // unacknowledged messages stay on the broker and come again
        connection.removeConnectionConsumer(this);
    }

    private void loop() {
        while (!closed) {
            try {
                if (!connection.isStarted()) {
                    connection.awaitStarted(POLL_MILLIS);
                    continue;
                }
                List<Message> batch = receiveBatch();
                if (!batch.isEmpty()) {
                    dispatch(batch);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (JMSException e) {
                if (closed) {
                    return;
                }
                LOG.warn("APOGEE-JMS-CC-1 connection consumer delivery failed: {}", e.toString());
                connection.onAsyncFailure(e);
                pause();
            } catch (Throwable t) {
                LOG.error("APOGEE-JMS-CC-1 connection consumer delivery failed", t);
                pause();
            }
        }
    }

    private List<Message> receiveBatch() throws JMSException {
        List<Message> batch = new ArrayList<>(Math.min(maxMessages, 64));
        Message first = consumer.receive(POLL_MILLIS);
        if (first == null) {
            return batch;
        }
        batch.add(first);
        Message next;
        while (batch.size() < maxMessages && (next = consumer.receiveNoWait()) != null) {
            batch.add(next);
        }
        return batch;
    }

    private void dispatch(List<Message> messages) throws JMSException, InterruptedException {
        ServerSession serverSession = pool.getServerSession();
        Session session = serverSession.getSession();
        if (!(session instanceof ApogeeSession target)) {
            internal.recover();
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the ServerSession's session is not an Apogee MQ "
                    + "session: " + session);
        }
        CountDownLatch done = new CountDownLatch(1);
        AtomicInteger failures = new AtomicInteger();
        target.sessionRun().load(new SessionRun.Batch() {
            @Override
            public List<Message> messages() {
                return messages;
            }

            @Override
            public void done(int failed) {
                failures.set(failed);
                done.countDown();
            }
        });
        serverSession.start();
        if (!done.await(BATCH_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
            // a later acknowledgement would cover this batch too: stop, so it stays unacknowledged and comes again
            closed = true;
            JMSException stuck = JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "Session.run() did not deliver a "
                    + "batch within " + BATCH_TIMEOUT_MILLIS + " ms; the connection consumer stopped");
            LOG.error("APOGEE-JMS-CC-4 {}", stuck.getMessage());
            connection.onAsyncFailure(stuck);
            return;
        }
        if (failures.get() > 0 && !exhausted(messages)) {
            internal.recover(); // delivered again, marked redelivered
        } else if (target.getAcknowledgeMode() != Session.CLIENT_ACKNOWLEDGE) {
            internal.acknowledgeFromContext();
        }
    }

    /** A batch the listener keeps failing on is dropped after {@value #MAX_DELIVERIES} deliveries, as a session's. */
    private static boolean exhausted(List<Message> batch) {
        for (Message m : batch) {
            if (m instanceof ApogeeMessage am && am.deliveryCount() >= MAX_DELIVERIES) {
                LOG.error("APOGEE-JMS-CC-5 the session MessageListener failed on a batch {} times; acknowledging "
                        + "(dropping) it, first message {}", am.deliveryCount(), am);
                return true;
            }
        }
        return false;
    }

    private void pause() {
        try {
            Thread.sleep(1_000); // a failing broker or pool is not retried in a tight loop
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }
}
