package dev.apogee.jms.api;

import dev.apogee.jms.destination.ApogeeDestination;
import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.ApogeeMessage;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.jms.provider.ConsumerId;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;
import jakarta.jms.QueueReceiver;
import jakarta.jms.Topic;
import jakarta.jms.TopicSubscriber;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * A consumer: pulls through the provider one message at a time, skipping expired messages; messages the session
 * redelivers locally (recover, rollback, a throwing listener) come first. Synchronous receives and the session's
 * dispatcher both deliver under the session's delivery lock.
 *
 * <p>Closing has two steps: {@link #closeForApplication} (no more deliveries) and {@link #release} (the native
 * consumer is stopped). The session runs them together unless messages this consumer delivered are still part of the
 * session's transaction or unacknowledged (§6.2.7, §8.8): then the release waits for commit/acknowledge (whose
 * positions include this consumer's) or rollback/recover/session close (which give them back to the group). Both
 * flags are written under the delivery lock and volatile for the checks made without it.
 */
public class ApogeeMessageConsumer implements MessageConsumer, QueueReceiver, TopicSubscriber {
    private static final long SLICE_MILLIS = 100;

    private final ApogeeSession session;
    private final ApogeeDestination destination;
    private final String selector;
    private final ConsumerId id;
    private final String durableGroup;
    private final Deque<ApogeeMessage> redeliveries = new ArrayDeque<>();
    private volatile MessageListener listener;
    private volatile boolean closed;
    /** The native consumer is stopped: nothing of it can be acknowledged any more. */
    private volatile boolean released;

    ApogeeMessageConsumer(ApogeeSession session, ApogeeDestination destination, String selector, ConsumerId id,
            String durableGroup) {
        this.durableGroup = durableGroup;
        this.session = session;
        this.destination = destination;
        this.selector = selector == null || selector.isBlank() ? null : selector;
        this.id = id;
    }

    ApogeeDestination destination() {
        return destination;
    }

    ConsumerId id() {
        return id;
    }

    boolean isClosed() {
        return closed;
    }

    boolean isReleased() {
        return released;
    }

    MessageListener listener() {
        return listener;
    }

    boolean hasLocalRedeliveries() {
        return !redeliveries.isEmpty();
    }

    /** Puts messages back in front of the consumer, in their order (delivery lock held). */
    void pushBack(List<ApogeeMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            redeliveries.addFirst(messages.get(i));
        }
    }

    private void checkClosed() throws JMSException {
        if (closed) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the consumer is closed");
        }
        session.checkClosed();
    }

    /** The next deliverable message, waiting up to {@code millis} (delivery lock held). */
    private ApogeeMessage next(long millis) throws JMSException {
        ApogeeMessage local = redeliveries.pollFirst();
        if (local != null) {
            return local;
        }
        long wait = millis;
        while (true) {
            WireMessage wire = Futures.await(session.connection().provider().pull(id, wait));
            if (wire == null) {
                return null;
            }
            ApogeeMessage m = session.connection().codec().decode(wire, destination);
            long expiration = m.getJMSExpiration();
            if ((expiration != 0 && expiration < System.currentTimeMillis()) || session.refused().isLentCopy(this, m)) {
                session.onSkipped(this); // expired, or delivered already (lent by its first owner): skipped
                wait = 0;
                continue;
            }
            return m;
        }
    }

    /** One listener delivery attempt by the dispatcher (delivery lock held). */
    void dispatchOne(long millis) throws JMSException {
        MessageListener l = listener;
        if (closed || l == null) {
            return;
        }
        ApogeeMessage m = next(millis);
        if (m == null) {
            return;
        }
        session.beforeDelivery(m);
        session.beginListenerDelivery(this, m);
        RuntimeException failure = null;
        try {
            l.onMessage(m);
        } catch (RuntimeException e) {
            failure = e;
        }
        // recover, rollback, commit or acknowledge inside onMessage may already have settled m
        session.endListenerDelivery(this, m, failure);
    }

    /**
     * {@code timeout}: &gt; 0 wait that long, 0 forever, &lt; 0 don't wait. {@code bodyType}: for receiveBody, else
     * null.
     */
    private ApogeeMessage receiveInternal(long timeout, Class<?> bodyType) throws JMSException {
        checkClosed();
        if (listener != null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "receive() on a consumer with a MessageListener");
        }
        boolean noWait = timeout < 0;
        long deadline = timeout > 0 ? System.currentTimeMillis() + timeout : noWait ? 0 : Long.MAX_VALUE;
        while (true) {
            if (closed || session.isClosed()) {
                return null;
            }
            long left = deadline - System.currentTimeMillis();
            if (!session.connection().isStarted()) {
                session.connection().checkNotLost(); // a lost connection never starts again: don't wait for it
                if (noWait || left <= 0) {
                    return null;
                }
                try {
                    session.connection().awaitStarted(Math.min(left, SLICE_MILLIS));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return null;
                }
                continue;
            }
            long slice = noWait ? 0 : Math.max(0, Math.min(left, SLICE_MILLIS));
            session.deliveryLock().lock();
            try {
                if (closed || session.isClosed()) {
                    return null;
                }
                SessionAcknowledgements.Delivered refused = session.refused().take(this);
                ApogeeMessage m = refused != null ? refused.message() : next(slice);
                if (m != null) {
                    ApogeeMessageConsumer owner = refused != null ? refused.consumer() : this;
                    refuseUnreadableBodyBeforeAcknowledging(m, bodyType, owner);
                    session.beforeDelivery(m);
                    session.afterDelivery(this, m);
                    if (owner != this) {
                        session.lentDelivered(owner);
                    }
                    return m;
                }
            } finally {
                session.deliveryLock().unlock();
            }
            if (noWait || System.currentTimeMillis() >= deadline || Thread.currentThread().isInterrupted()) {
                return null;
            }
        }
    }

    @Override
    public String getMessageSelector() throws JMSException {
        checkClosed();
        return selector;
    }

    @Override
    public MessageListener getMessageListener() throws JMSException {
        checkClosed();
        return listener;
    }

    @Override
    public void setMessageListener(MessageListener listener) throws JMSException {
        checkClosed();
        this.listener = listener;
        session.listenerChanged();
    }

    @Override
    public Message receive() throws JMSException {
        return receiveInternal(0, null);
    }

    @Override
    public Message receive(long timeout) throws JMSException {
        return receiveInternal(timeout <= 0 ? 0 : timeout, null);
    }

    @Override
    public Message receiveNoWait() throws JMSException {
        return receiveInternal(-1, null);
    }

    /**
     * Receives and returns the body (JMSConsumer helper, §8.7); {@code timeout} &gt; 0 waits that long, 0 forever,
     * &lt; 0 not at all.
     */
    public <T> T receiveBody(Class<T> c, long timeout) throws JMSException {
        Message m = receiveInternal(timeout, c);
        return m == null ? null : m.getBody(c);
    }

    /**
     * §8.6: in AUTO_ACKNOWLEDGE and DUPS_OK_ACKNOWLEDGE a receiveBody whose body cannot be returned behaves as if it
     * had not happened: the message stays deliverable, unacknowledged and not flagged redelivered, ahead of the others
     * for the next receive of this consumer or of another consumer of its group in the session (a JMSContext's
     * consumers of one queue), and {@code owner}'s acknowledgements wait for it. In the other modes it counts as
     * delivered and {@code getBody} throws afterwards (delivery lock held).
     */
    private void refuseUnreadableBodyBeforeAcknowledging(ApogeeMessage m, Class<?> bodyType,
            ApogeeMessageConsumer owner) throws JMSException {
        if (bodyType == null || m.isBodyAssignableTo(bodyType)) {
            return;
        }
        int mode = session.getAcknowledgeMode();
        if (mode == jakarta.jms.Session.AUTO_ACKNOWLEDGE || mode == jakarta.jms.Session.DUPS_OK_ACKNOWLEDGE) {
            session.refused().refuse(owner, m);
            throw JmsExceptions.create(ErrorCode.BODY_NOT_ASSIGNABLE, "the body cannot be returned as "
                    + bodyType.getName());
        }
    }

    @Override
    public void close() throws JMSException {
        if (closed) {
            return;
        }
        session.deliveryLock().lock(); // waits for a running onMessage (unless called from it)
        try {
            session.closeConsumer(this);
        } finally {
            session.deliveryLock().unlock();
        }
    }

    /** Session close: both steps at once. */
    void closeInternal() throws JMSException {
        closeForApplication();
        release();
    }

    /** No more deliveries; a durable subscription may get a new consumer (delivery lock held). */
    void closeForApplication() {
        if (closed) {
            return;
        }
        closed = true;
        listener = null;
        if (durableGroup != null) {
            session.connection().deactivateDurable(durableGroup);
        }
    }

    /**
     * Stops the native consumer: positions acknowledged lazily are stored, the others come to the group again
     * (delivery lock held).
     */
    void release() throws JMSException {
        if (released) {
            return;
        }
        released = true;
        redeliveries.clear();
        Futures.await(session.connection().provider().closeConsumer(id));
    }

    @Override
    public Queue getQueue() throws JMSException {
        checkClosed();
        if (destination instanceof ApogeeQueue q) {
            return q;
        }
        throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "not a queue receiver");
    }

    @Override
    public Topic getTopic() throws JMSException {
        checkClosed();
        if (destination instanceof ApogeeTopic t) {
            return t;
        }
        throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "not a topic subscriber");
    }

    /** Set right after construction, on the creating thread, before the consumer is published. */
    private boolean noLocal;

    void markNoLocal() {
        noLocal = true;
    }

    @Override
    public boolean getNoLocal() throws JMSException {
        checkClosed();
        return noLocal;
    }
}
