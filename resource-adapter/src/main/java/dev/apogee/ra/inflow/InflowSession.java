package dev.apogee.ra.inflow;

import dev.apogee.jms.api.NativeConsumers;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.ra.xa.EnlistedXAResource;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import jakarta.resource.spi.endpoint.MessageEndpoint;
import jakarta.resource.spi.work.Work;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CountDownLatch;

/**
 * One of an activation's {@code maxSession} consumers: a long-running Work that owns a session, its consumer and one
 * message endpoint, and delivers until the activation stops. Two ways, by the endpoint's transaction attribute:
 * <ul>
 *   <li>transacted (container-managed REQUIRED): an XA session, whose resource the container enlists at
 *       beforeDelivery; the receive comes after it, so the message's acknowledgement, the sends of onMessage and a
 *       dead-letter move are all inside the container's XA transaction, which afterDelivery commits (two-phase with
 *       the application's other resources) or rolls back (the session delivers the message again, its
 *       JMSXDeliveryCount one higher);</li>
 *   <li>not transacted (bean-managed or NOT_SUPPORTED): a locally transacted session, committed when onMessage
 *       returns and rolled back when it throws.</li>
 * </ul>
 * The WorkManager thread running it is the only thread touching these objects (the transaction manager calls the
 * session's XA resource on that thread too, inside afterDelivery, except for a timeout rollback).
 */
final class InflowSession implements Work {
    private static final Logger LOG = LoggerFactory.getLogger(InflowSession.class);
    /** Bounds how long a stop waits for an idle session to notice it. */
    private static final long RECEIVE_TIMEOUT_MS = 1_000;
    /** How long to wait for the container to hand out an endpoint instance before retrying. */
    private static final long ENDPOINT_WAIT_MS = 10_000;

    private final Activation activation;
    private final boolean transacted;
    private final CountDownLatch done;
    private XAConnection connection;
    private Session session;
    private MessageConsumer consumer;
    private MessageProducer deadLetters;
    /** The XA session's resource, for a transacted endpoint only. */
    private EnlistedXAResource xa;
    private MessageEndpoint endpoint;
    private volatile boolean released;

    InflowSession(Activation activation, boolean transacted, CountDownLatch done) {
        this.activation = activation;
        this.transacted = transacted;
        this.done = done;
    }

    @Override
    public void run() {
        try {
            while (!activation.isStopping() && !released) {
                runOnce();
            }
        } finally {
            close();
            done.countDown();
        }
    }

    /** Called by the WorkManager when it shuts down; the loop notices at its next receive timeout. */
    @Override
    public void release() {
        released = true;
    }

    private void runOnce() {
        try {
            if (session == null) {
                open();
            }
            if (transacted) {
                deliverInTransaction();
            } else {
                Message m = consumer.receive(RECEIVE_TIMEOUT_MS);
                if (m != null) {
                    deliverLocally(m);
                }
            }
        } catch (Throwable t) {
            // This Work's top loop: anything that escapes means the session is unusable; reopen it after a pause.
            if (activation.isStopping()) {
                return;
            }
            LOG.warn("APOGEE-RA-0107 inbound session of {} failed, reopening in {} ms: {}", activation.spec(),
                    activation.settings().reconnectIntervalMs(), t.toString());
            LOG.debug("inbound session failure", t);
            XAConnection failed = connection;
            close();
            if (isConnectionFailure(t)) {
                activation.connectionFailed(failed);
            }
            activation.pauseBeforeRetry();
        }
    }

    private void open() throws Exception {
        connection = activation.connection();
        if (transacted) {
            XASession xaSession = connection.createXASession();
            session = xaSession;
            xa = new EnlistedXAResource(xaSession.getXAResource());
        } else {
            session = connection.createSession(Session.SESSION_TRANSACTED);
        }
        consumer = createConsumer();
        deadLetters = session.createProducer(null);
        endpoint = activation.factory().createEndpoint(xa, ENDPOINT_WAIT_MS);
    }

    private MessageConsumer createConsumer() throws JMSException {
        return createConsumer(session, activation.inflow(), activation.destination());
    }

    /** The consumer an activation's session reads with (also opened once at activation, as a check). */
    static MessageConsumer createConsumer(Session session, InflowSpec in, Destination d) throws JMSException {
        if (in.consumerGroup() != null) {
            return NativeConsumers.create(session, d, in.consumerGroup(), in.selector(), in.consumeFrom());
        }
        if (!(d instanceof Topic t)) {
            return session.createConsumer(d, in.selector());
        }
        if (in.durable()) {
            return in.shared() ? session.createSharedDurableConsumer(t, in.subscriptionName(), in.selector())
                    : session.createDurableConsumer(t, in.subscriptionName(), in.selector(), false);
        }
        return in.shared() ? session.createSharedConsumer(t, in.subscriptionName(), in.selector())
                : session.createConsumer(t, in.selector());
    }

    /**
     * One container transaction: beforeDelivery (the container begins it and enlists the XA session), the receive,
     * then onMessage or, past maxDeliveries, the move to the dead-letter queue, then afterDelivery. An idle receive
     * makes an empty transaction (a read-only branch: no broker call). Whatever fails on the way dooms the branch,
     * so the container cannot commit an acknowledgement without the work it stands for.
     */
    private void deliverInTransaction() throws Exception {
        Delivery.before(endpoint);
        Message m = null;
        int deadLettered = 0;
        boolean done = false;
        try {
            m = consumer.receive(RECEIVE_TIMEOUT_MS);
            if (m != null) {
                int count = deliveryCount(m);
                if (count > activation.settings().maxDeliveries()) {
                    deadLetters.send(session.createQueue(activation.settings().deadLetterQueue()), m);
                    deadLettered = count;
                    done = true;
                } else {
                    done = Delivery.onMessage(endpoint, m);
                }
            } else {
                done = true;
            }
        } finally {
            if (!done) {
                xa.setRollbackOnly();
            }
            Delivery.after(endpoint);
        }
        if (m != null && xa.outcome() == EnlistedXAResource.Outcome.IN_DOUBT) {
            // The manager could not learn the branch's outcome: reopen, so the broker's stored position decides.
            throw new JMSException("the outcome of the transaction delivering " + m.getJMSMessageID()
                    + " is unknown", "APOGEE-RA-0109");
        }
        if (deadLettered > 0 && xa.outcome() == EnlistedXAResource.Outcome.COMMITTED) {
            logDeadLettered(m, deadLettered);
        }
    }

    private void deliverLocally(Message m) throws Exception {
        int count = deliveryCount(m);
        if (count > activation.settings().maxDeliveries()) {
            deadLetters.send(session.createQueue(activation.settings().deadLetterQueue()), m);
            session.commit(); // the move and the acknowledgement are one local branch
            logDeadLettered(m, count);
            return;
        }
        if (Delivery.invoke(endpoint, m)) {
            session.commit();
        } else {
            session.rollback();
        }
    }

    private static int deliveryCount(Message m) throws JMSException {
        return m.propertyExists("JMSXDeliveryCount") ? m.getIntProperty("JMSXDeliveryCount") : 1;
    }

    private void logDeadLettered(Message m, int count) throws JMSException {
        LOG.warn("APOGEE-RA-0106 message {} failed {} deliveries to {}; moved to queue {}", m.getJMSMessageID(),
                count - 1, activation.spec(), activation.settings().deadLetterQueue());
    }

    private static boolean isConnectionFailure(Throwable t) {
        return t instanceof jakarta.jms.IllegalStateException
                || t instanceof JMSException e && ErrorCode.CONNECTION_FAILED.code().equals(e.getErrorCode());
    }

    private void close() {
        if (endpoint != null) {
            endpoint.release();
            endpoint = null;
        }
        if (session != null) {
            try {
                session.close();
            } catch (JMSException | RuntimeException e) {
                LOG.debug("closing an inbound session", e);
            }
        }
        session = null;
        xa = null;
        consumer = null;
        deadLetters = null;
        connection = null;
    }
}
