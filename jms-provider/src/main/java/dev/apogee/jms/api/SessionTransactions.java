package dev.apogee.jms.api;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.ApogeeMessage;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.jms.provider.BranchFailure;
import dev.apogee.jms.provider.Provider;
import dev.apogee.jms.provider.ProviderTransaction;
import jakarta.jms.CompletionListener;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;
import jakarta.jms.TransactionRolledBackException;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A session's transactional work. A transacted session's {@link #commit} makes its buffered sends and its consumed
 * positions one branch ({@code L:<session uuid>:<count>}) that the broker commits atomically; when the cluster has no
 * branch support (Apache RocketMQ) it falls back to sending, then acknowledging (not atomic: a crash in between
 * duplicates the consumed messages). An XA session is associated with a branch by its XA resource through the public
 * methods here ({@link #associate}, {@link #dissociate}, {@link #completed}): while associated, sends are halves of
 * the branch and deliveries become the branch's acks; outside, the session is AUTO_ACKNOWLEDGE.
 *
 * <p>Everything runs under the session's delivery lock, which makes the fields single-threaded.
 */
public final class SessionTransactions {
    /** The messages an XA branch consumed, kept until the branch is decided (redelivered on rollback). */
    public static final class DeliveredWork {
        private final List<SessionAcknowledgements.Delivered> delivered;

        private DeliveredWork(List<SessionAcknowledgements.Delivered> delivered) {
            this.delivered = delivered;
        }
    }

    private final int mode;
    private final Provider provider;
    private final ReentrantLock lock;
    private final SessionSends sends;
    private final SessionAcknowledgements acks;
    private volatile ProviderTransaction branch;
    /**
     * Local branch ids are this (random once per session: unique across sessions and processes) and a count: a
     * random UUID per commit cost a SecureRandom read, and its code a JIT compilation, on every commit.
     */
    private final String localBranchPrefix = "L:" + UUID.randomUUID() + ":";
    /** Local branches begun so far (under the delivery lock). */
    private long localBranches;

    SessionTransactions(int mode, Provider provider, ReentrantLock lock, SessionSends sends,
            SessionAcknowledgements acks) {
        this.mode = mode;
        this.provider = provider;
        this.lock = lock;
        this.sends = sends;
        this.acks = acks;
    }

    /** The provider (its branches) of the session's connection. */
    public Provider provider() {
        return provider;
    }

    /**
     * The session's sends when a send goes out at once (no local transaction, no XA branch), else null: then
     * {@link #send} decides. The producer asks first, so the common send crosses no layer here (each layer on the
     * per-message path was its own JIT compilation of everything below it, and the client's compiler is what a short
     * run waits for).
     */
    SessionSends immediateSends() {
        return mode != Session.SESSION_TRANSACTED && branch == null ? sends : null;
    }

    void send(WireMessage wire, int deliveryMode, long deliveryTime, Message message, CompletionListener listener)
            throws JMSException {
        SessionSends immediate = immediateSends();
        if (immediate != null) {
            immediate.sendNow(wire, deliveryMode, deliveryTime, message, listener);
            return;
        }
        lock.lock();
        try {
            if (branch != null) {
                sends.sendAsHalf(branch, wire, deliveryTime, message, listener);
            } else if (mode == Session.SESSION_TRANSACTED) {
                sends.buffer(wire, deliveryTime, message, listener);
            } else {
                sends.sendNow(wire, deliveryMode, deliveryTime, message, listener);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Records a delivery (delivery lock held); inside an XA branch the consumer's position joins the branch. */
    void afterDelivery(ApogeeMessageConsumer consumer, ApogeeMessage message) throws JMSException {
        acks.afterDelivery(consumer, message);
        if (branch != null) {
            acks.acknowledgeInto(branch, consumer);
        }
    }

    /**
     * {@code onMessage} returned (or threw {@code failure}): records the delivery unless a recover, rollback, commit
     * or acknowledge inside the listener settled it already, then releases the consumer if the listener closed it
     * and nothing of it waits for the session (delivery lock held).
     */
    void endListenerDelivery(ApogeeMessageConsumer consumer, ApogeeMessage message, RuntimeException failure)
            throws JMSException {
        boolean settled = acks.endListenerDelivery();
        try {
            if (settled) {
                return;
            }
            if (failure != null) {
                acks.onListenerFailure(consumer, message, failure);
            } else {
                afterDelivery(consumer, message);
            }
        } finally {
            acks.releaseIfSettled(consumer, holdsUnsettled());
        }
    }

    /**
     * MessageConsumer.close: true when the consumer's native consumer must stay open for the session's work (its
     * messages are committed or rolled back with the session, §6.2.7); an XA branch already holds its positions.
     */
    boolean retire(ApogeeMessageConsumer consumer) {
        return acks.retire(consumer, holdsUnsettled());
    }

    /** Outside an XA branch, CLIENT and TRANSACTED deliveries wait for the session's acknowledge/commit. */
    private boolean holdsUnsettled() {
        return branch == null;
    }

    void commit() throws JMSException {
        if (mode != Session.SESSION_TRANSACTED) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "commit() on a session that is not transacted");
        }
        sends.checkNotInCompletion("Session.commit()");
        lock.lock();
        try {
            ProviderTransaction local = beginLocal();
            if (local == null) {
                sends.sendBuffered();
                acks.acknowledgeDelivered();
                return;
            }
            List<Runnable> completions;
            try {
                acks.acknowledgeInto(local);
                completions = sends.commitBuffered(local);
            } catch (JMSException e) {
                throw failedCommit(local, e);
            }
            acks.settled();
            sends.complete(completions);
        } finally {
            lock.unlock();
        }
    }

    /** A fresh local branch, or null when the brokers have no branch support (logged once by the provider). */
    private ProviderTransaction beginLocal() throws JMSException {
        try {
            return provider.branches().begin(localBranchPrefix + ++localBranches);
        } catch (BranchFailure f) {
            if (f.reason() == BranchFailure.Reason.NOT_SUPPORTED) {
                return null;
            }
            throw f;
        }
    }

    /**
     * The commit failed: whatever the branch did is rolled back where possible, the consumed messages come again
     * and the sends are gone. TransactionRolledBackException when the outcome is known to be a rollback; a plain
     * JMSException when a broker could not be reached while deciding (the outcome there is not known).
     */
    private JMSException failedCommit(ProviderTransaction local, JMSException e) {
        sends.discardBuffered();
        acks.redeliverUnacked();
        try {
            local.rollback();
        } catch (JMSException ignored) {
            // the original failure is the one to report; an unprepared branch is discarded by the broker anyway
        }
        if (e instanceof BranchFailure f && f.reason() == BranchFailure.Reason.UNAVAILABLE) {
            return e;
        }
        TransactionRolledBackException rolledBack = new TransactionRolledBackException(
                "the transaction was rolled back: " + e.getMessage(), e.getErrorCode());
        rolledBack.setLinkedException(e);
        rolledBack.initCause(e);
        return rolledBack;
    }

    void rollback() throws JMSException {
        if (mode != Session.SESSION_TRANSACTED) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "rollback() on a session that is not transacted");
        }
        sends.checkNotInCompletion("Session.rollback()");
        lock.lock();
        try {
            sends.discardBuffered();
            acks.redeliverUnacked();
        } finally {
            lock.unlock();
        }
    }

    /** Session close: an associated XA branch keeps what was delivered so far (the manager still decides it). */
    void onClose() {
        if (branch != null) {
            acks.takeUnacked();
            branch = null;
        }
    }

    // ---- XA (called by the session's XA resource, on the transaction manager's threads) ----

    /** True while a branch is associated. */
    public boolean isAssociated() {
        lock.lock();
        try {
            return branch != null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Associates {@code work} (start, join or resume): sends become its halves and deliveries its acks.
     *
     * @param resumed the messages the branch consumed before a suspend, or null
     */
    public void associate(ProviderTransaction work, DeliveredWork resumed) throws JMSException {
        lock.lock();
        try {
            if (branch != null) {
                throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the session is already associated with "
                        + branch.branchId());
            }
            branch = work;
            acks.setMode(Session.SESSION_TRANSACTED);
            if (resumed != null) {
                acks.restoreUnacked(resumed.delivered);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Ends the association (end or suspend); returns the messages the branch consumed, for {@link #completed}. */
    public DeliveredWork dissociate() {
        lock.lock();
        try {
            branch = null;
            acks.setMode(Session.AUTO_ACKNOWLEDGE);
            return new DeliveredWork(acks.takeUnacked());
        } finally {
            lock.unlock();
        }
    }

    /** The branch is decided: on rollback the messages it consumed are delivered again, marked redelivered. */
    public void completed(DeliveredWork work, boolean committed) {
        if (committed || work == null) {
            return;
        }
        lock.lock();
        try {
            SessionAcknowledgements.redeliver(work.delivered);
        } finally {
            lock.unlock();
        }
    }
}
