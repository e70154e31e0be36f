package dev.apogee.ra.inflow;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.ra.settings.ApogeeSettings;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;
import jakarta.jms.Session;
import jakarta.jms.XAConnection;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ActivationSpec;
import jakarta.resource.spi.InvalidPropertyException;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import jakarta.resource.spi.work.WorkException;
import jakarta.resource.spi.work.WorkManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One message endpoint activation: a connection shared by {@code maxSession} {@link InflowSession}s, each a
 * long-running Work on the container's WorkManager. The connection is opened lazily and replaced after a failure;
 * {@link #stop()} ends the sessions (bounded wait) and closes it. Called by container threads (start, stop) and by
 * the sessions' Work threads (connection, connectionFailed).
 */
public final class Activation {
    private static final Logger LOG = LoggerFactory.getLogger(Activation.class);
    /** How long stop() waits for in-flight deliveries to finish before closing the connection under them. */
    private static final long STOP_WAIT_MS = 30_000;
    static final Method ON_MESSAGE;

    static {
        try {
            ON_MESSAGE = MessageListener.class.getMethod("onMessage", jakarta.jms.Message.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final WorkManager workManager;
    private final MessageEndpointFactory factory;
    private final ActivationSpec spec;
    private final InflowSpec inflow;
    private final ApogeeSettings settings;
    private final Destination destination;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final List<InflowSession> sessions = new ArrayList<>();
    private XAConnection connection;
    private CountDownLatch sessionsDone;

    public Activation(WorkManager workManager, MessageEndpointFactory factory, ActivationSpec spec, InflowSpec inflow,
                      ApogeeSettings settings, Destination destination) {
        this.workManager = workManager;
        this.factory = factory;
        this.spec = spec;
        this.inflow = inflow;
        this.settings = settings;
        this.destination = destination;
    }

    /** Schedules the sessions; a WorkManager that refuses them fails the deployment. */
    public synchronized void start() throws ResourceException {
        boolean transacted;
        try {
            transacted = factory.isDeliveryTransacted(ON_MESSAGE);
        } catch (NoSuchMethodException e) {
            throw new ResourceException("APOGEE-RA-0008 the endpoint has no onMessage(Message) method", e);
        }
        probe();
        sessionsDone = new CountDownLatch(inflow.maxSession());
        for (int i = 0; i < inflow.maxSession(); i++) {
            InflowSession s = new InflowSession(this, transacted, sessionsDone);
            sessions.add(s);
            try {
                workManager.scheduleWork(s, WorkManager.INDEFINITE, null, null);
            } catch (WorkException e) {
                stop();
                throw new ResourceException("APOGEE-RA-0009 the WorkManager refused inbound session " + i
                        + " of " + inflow.maxSession() + " for " + spec + ": " + e.getMessage(), e);
            }
        }
        LOG.info("APOGEE-RA-0101 activated {} with {} session(s), transacted delivery={}", spec,
                inflow.maxSession(), transacted);
    }

    /**
     * Opens (and closes) one consumer before the sessions start, so that a selector or destination the broker
     * refuses fails the deployment instead of being retried forever. An unreachable broker only delays delivery:
     * the sessions keep retrying.
     */
    private void probe() throws ResourceException {
        try (Session s = connection().createSession(Session.SESSION_TRANSACTED)) {
            InflowSession.createConsumer(s, inflow, destination).close();
        } catch (JMSException e) {
            String code = e.getErrorCode();
            if (ErrorCode.INVALID_SELECTOR.code().equals(code) || ErrorCode.INVALID_DESTINATION.code().equals(code)) {
                closeConnection();
                throw new InvalidPropertyException("APOGEE-RA-0001 invalid activation config: " + e.getMessage(), e);
            }
            LOG.warn("APOGEE-RA-0108 cannot open a consumer for {} yet, its sessions keep retrying: {}", spec,
                    e.toString());
        }
    }

    /** Ends the sessions (each finishes its current delivery) and closes the connection. */
    public void stop() {
        stopped.countDown();
        CountDownLatch done;
        synchronized (this) {
            done = sessionsDone;
        }
        try {
            if (done != null && !done.await(STOP_WAIT_MS, TimeUnit.MILLISECONDS)) {
                LOG.warn("APOGEE-RA-0102 {} inbound session(s) of {} still delivering after {} ms; closing anyway",
                        done.getCount(), spec, STOP_WAIT_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            closeConnection();
        }
        LOG.info("APOGEE-RA-0104 deactivated {}", spec);
    }

    public boolean isFor(MessageEndpointFactory f, ActivationSpec s) {
        return factory == f && spec == s;
    }

    boolean isStopping() {
        return stopped.getCount() == 0;
    }

    /** Waits up to the reconnect interval, returning early when the activation stops. */
    void pauseBeforeRetry() {
        try {
            stopped.await(settings.reconnectIntervalMs(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The shared (XA) connection, opened and started on first use or after a failure. */
    synchronized XAConnection connection() throws JMSException {
        if (isStopping()) {
            throw new jakarta.jms.IllegalStateException("the activation is stopping");
        }
        if (connection == null) {
            XAConnection c = settings.newConnectionFactory(true).createXAConnection(settings.user(),
                    settings.password());
            c.setExceptionListener(e -> connectionFailed(c));
            c.start();
            connection = c;
        }
        return connection;
    }

    /** Drops {@code failed} if it is still the current connection; sessions on it reopen on the next one. */
    synchronized void connectionFailed(XAConnection failed) {
        if (failed == connection) {
            LOG.warn("APOGEE-RA-0105 connection of {} failed; reconnecting", spec);
            closeConnection();
        }
    }

    private void closeConnection() {
        if (connection != null) {
            try {
                connection.close();
            } catch (JMSException | RuntimeException e) {
                LOG.debug("closing a failed connection", e);
            }
            connection = null;
        }
    }

    MessageEndpointFactory factory() {
        return factory;
    }

    InflowSpec inflow() {
        return inflow;
    }

    ApogeeSettings settings() {
        return settings;
    }

    Destination destination() {
        return destination;
    }

    ActivationSpec spec() {
        return spec;
    }
}
