package dev.apogee.jms.provider;

import dev.apogee.jms.message.WireMessage;
import jakarta.jms.JMSException;

/**
 * One transaction branch ({@link Provider#begin}): sends become invisible halves, acknowledged consumer positions
 * become part of the branch, and {@link #prepare}/{@link #commit}/{@link #rollback} make them visible / consumed, or
 * discard them, atomically on each broker. Unlike the rest of the provider these calls block: each is one or a few
 * remote calls bounded by the request timeout, and every caller (a session commit, a transaction manager) waits for
 * the outcome anyway. Failures are {@link BranchFailure}s. Thread-safe: an XA transaction manager may prepare and
 * commit from threads other than the one that did the work.
 */
public interface ProviderTransaction {

    /**
     * The branch id ({@code L:<session uuid>:<count>} for a local transaction, {@code X:<format>:<gtrid>:<bqual>} for
     * XA).
     */
    String branchId();

    /**
     * Sends {@code message} as a half of this branch, waiting until the broker stored it; {@code orderKey} as in
     * {@link Provider#send(WireMessage, SendMode, long, int)}.
     */
    void send(WireMessage message, long deliveryTime, int orderKey) throws JMSException;

    /** A message and its absolute delivery time (0 = now), for {@link #sendAll}. */
    record Send(WireMessage message, long deliveryTime) {
    }

    /**
     * Sends several messages as halves of this branch, in this order as far as the branch is concerned (a commit makes
     * them visible in list order), waiting until the broker stored all of them. Implementations may have them in
     * flight together: a commit then costs about one round trip instead of one per message.
     */
    default void sendAll(java.util.List<Send> sends, int orderKey) throws JMSException {
        for (Send s : sends) {
            send(s.message(), s.deliveryTime(), orderKey);
        }
    }

    /**
     * A one-phase commit with {@code sends} as the branch's last sends (in this order): the same as {@link #sendAll}
     * then {@link #commit commit(true)}, which an implementation may carry out in a single request.
     */
    default void commitWith(java.util.List<Send> sends, int orderKey) throws JMSException {
        sendAll(sends, orderKey);
        commit(true);
    }

    /** A half to any queue. */
    default void send(WireMessage message, long deliveryTime) throws JMSException {
        send(message, deliveryTime, Provider.ANY_QUEUE);
    }

    /** Adds the positions after every message {@code consumer} handed out so far as consumed-at-commit. */
    void acknowledge(ConsumerId consumer) throws JMSException;

    /** Durably prepares the branch on every broker it touched; false when it touched none (nothing to commit). */
    boolean prepare() throws JMSException;

    /**
     * Commits. With {@code onePhase} and no {@link #prepare} before: one broker commits in one step; several brokers
     * are prepared, then committed, one by one (a crash between those steps leaves prepared branches that only
     * {@link Provider#recoverBranches} and {@link Provider#commitBranch} resolve).
     */
    void commit(boolean onePhase) throws JMSException;

    /** Discards the halves; the acknowledged positions stay where they were. */
    void rollback() throws JMSException;
}
