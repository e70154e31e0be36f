package dev.apogee.store.service;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One background thread with a cheap wake-up: {@link #wakeup()} from any thread ends the current
 * {@link #waitForRunning} early. Subclasses implement {@link #onWakeup()} (one round of work, called on the service
 * thread) and {@link #onShutdown()} (final work, also on the service thread, after the last round).
 */
public abstract class ServiceThread implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(ServiceThread.class);

    private final AtomicBoolean notified = new AtomicBoolean();
    private final AtomicBoolean started = new AtomicBoolean();
    private volatile boolean stopped;
    private volatile Thread thread;

    /** Thread name, also used in logs. */
    public abstract String name();

    /** Wait between rounds when not woken up, in milliseconds. */
    protected abstract long intervalMs();

    /** One round of work; exceptions are logged and the loop goes on. */
    protected abstract void onWakeup() throws Exception;

    /** Called once on the service thread after the loop ends. */
    protected void onShutdown() throws Exception {
    }

    public void start() {
        if (started.compareAndSet(false, true)) {
            Thread t = new Thread(this, name());
            t.setDaemon(true);
            thread = t;
            t.start();
        }
    }

    /**
     * Stops the loop, waits up to {@code timeoutMs} for the thread to finish its final work. A service that was
     * never started runs {@link #onShutdown()} on the calling thread instead, so its final work still happens.
     */
    public void shutdown(long timeoutMs) {
        if (started.compareAndSet(false, true)) {
            stopped = true;
            try {
                onShutdown();
            } catch (Throwable t) {
                LOG.error("STORE-SVC-ERR {} shutdown work failed", name(), t);
            }
            return;
        }
        stopped = true;
        wakeup();
        Thread t = thread;
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join(timeoutMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public boolean isStopped() {
        return stopped;
    }

    public boolean isStarted() {
        return started.get();
    }

    /** Ends the current wait early; cheap when the service is already awake. */
    public void wakeup() {
        if (notified.compareAndSet(false, true)) {
            Thread t = thread;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    protected final void waitForRunning(long intervalMs) {
        if (notified.compareAndSet(true, false)) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(intervalMs);
        while (!notified.get() && !stopped) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            LockSupport.parkNanos(this, left);
        }
        notified.set(false);
    }

    @Override
    public final void run() {
        LOG.info("STORE-SVC-START {} started", name());
        while (!stopped) {
            try {
                waitForRunning(intervalMs());
                if (!stopped) {
                    onWakeup();
                }
            } catch (Throwable t) {
                LOG.error("STORE-SVC-ERR {} round failed", name(), t);
            }
        }
        try {
            onShutdown();
        } catch (Throwable t) {
            LOG.error("STORE-SVC-ERR {} shutdown work failed", name(), t);
        }
        LOG.info("STORE-SVC-STOP {} stopped", name());
    }
}
