package dev.apogee.jms.api;

import jakarta.jms.JMSException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The one thread per session that runs message listeners ({@code apogee-jms-session-dispatcher}), started when the
 * first listener is set. It offers each listening consumer a short delivery slice in turn, under the session's
 * delivery lock, so listener calls never overlap with each other or with {@code receive}. It idles while the
 * connection is stopped or no consumer listens, and ends when the session closes.
 */
final class SessionDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(SessionDispatcher.class);

    private final ApogeeSession session;
    private final ApogeeConnection connection;
    private final Object lock = new Object();
    private volatile Thread thread;

    SessionDispatcher(ApogeeSession session, ApogeeConnection connection) {
        this.session = session;
        this.connection = connection;
    }

    /** A listener was set or cleared: start the thread if needed and let it look again. */
    void listenerChanged() {
        synchronized (lock) {
            if (thread == null && !session.isClosed()) {
                Thread t = new Thread(this::loop, "apogee-jms-session-dispatcher");
                t.setDaemon(true);
                thread = t;
                t.start();
            }
            lock.notifyAll();
        }
    }

    /** Ends an idle wait early (connection started, session closing). */
    void wake() {
        synchronized (lock) {
            lock.notifyAll();
        }
    }

    /** True when called from inside a listener of this session. */
    boolean isDispatcherThread() {
        return Thread.currentThread() == thread;
    }

    /** The dispatcher thread, or null if none was started. */
    Thread thread() {
        return thread;
    }

    private void loop() {
        try {
            while (!session.isClosed()) {
                if (!connection.isStarted()) {
                    connection.awaitStarted(200);
                    continue;
                }
                // counted and walked in place (the list is copy-on-write): this runs once per delivered message
                int listening = countListening();
                if (listening == 0) {
                    synchronized (lock) {
                        lock.wait(100);
                    }
                    continue;
                }
                long slice = listening == 1 ? 100 : 10;
                for (ApogeeMessageConsumer c : session.consumers()) {
                    if (isListening(c) && !deliverSlice(c, slice)) {
                        break;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private int countListening() {
        int n = 0;
        for (ApogeeMessageConsumer c : session.consumers()) {
            if (isListening(c)) {
                n++;
            }
        }
        return n;
    }

    private static boolean isListening(ApogeeMessageConsumer c) {
        return c.listener() != null && !c.isClosed();
    }

    /** @return false when the session closed or the connection stopped meanwhile */
    private boolean deliverSlice(ApogeeMessageConsumer consumer, long slice) {
        ReentrantLock deliveryLock = session.deliveryLock();
        deliveryLock.lock();
        try {
            if (session.isClosed() || !connection.isStarted()) {
                return false;
            }
            consumer.dispatchOne(slice);
        } catch (JMSException e) {
            LOG.warn("asynchronous delivery failed: {}", e.toString());
            connection.onAsyncFailure(e);
        } finally {
            deliveryLock.unlock();
        }
        return true;
    }
}
