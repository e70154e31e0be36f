package dev.apogee.ra.xa;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * An XA session's resource as the container enlists it. It passes every call to the provider's resource and adds
 * two things the adapter needs: whether the session is associated with a branch now (so a session handle knows it
 * is inside the container's transaction), and {@link #setRollbackOnly()}, which turns the next successful
 * {@code end} into {@code TMFAIL}, so the provider rolls the branch back at prepare or one-phase commit
 * (XA_RBROLLBACK) and the whole container transaction with it. The adapter needs that when its own work inside the
 * transaction failed halfway (e.g. a dead-letter send after the message was received): committing would acknowledge
 * a message whose move never happened.
 *
 * It also records how the last branch ended ({@link #outcome()}), for the inbound session that has to know whether a
 * failed completion left its message's fate unknown.
 *
 * <p>{@link #isSameRM} unwraps other instances of this class, so two enlisted resources of one connection still
 * join one provider branch. Thread-safe: the provider's resource is; the flags are volatile.
 */
public final class EnlistedXAResource implements XAResource {
    /** How the branch begun by the last start ended. */
    public enum Outcome { NONE, COMMITTED, ROLLED_BACK, IN_DOUBT }

    private final XAResource delegate;
    private volatile boolean associated;
    private volatile boolean rollbackOnly;
    private volatile Outcome outcome = Outcome.NONE;

    public EnlistedXAResource(XAResource delegate) {
        this.delegate = delegate;
    }

    /** True between start (or resume) and end (or suspend) of a branch on this resource. */
    public boolean isAssociated() {
        return associated;
    }

    /** NONE until the branch of the last start is decided (or if none was started). */
    public Outcome outcome() {
        return outcome;
    }

    /** Dooms the current branch: its end becomes TMFAIL. Cleared by the next start. */
    public void setRollbackOnly() {
        rollbackOnly = true;
    }

    @Override
    public void start(Xid xid, int flags) throws XAException {
        rollbackOnly = false;
        if (flags == TMNOFLAGS) {
            outcome = Outcome.NONE;
        }
        delegate.start(xid, flags);
        associated = true;
    }

    @Override
    public void end(Xid xid, int flags) throws XAException {
        associated = false;
        delegate.end(xid, rollbackOnly && flags == TMSUCCESS ? TMFAIL : flags);
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        try {
            int vote = delegate.prepare(xid);
            if (vote == XA_RDONLY) {
                outcome = Outcome.COMMITTED; // nothing to commit: the manager will not call again
            }
            return vote;
        } catch (XAException e) {
            outcome = rolledBack(e) ? Outcome.ROLLED_BACK : Outcome.IN_DOUBT;
            throw e;
        }
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        try {
            delegate.commit(xid, onePhase);
            outcome = Outcome.COMMITTED;
        } catch (XAException e) {
            outcome = rolledBack(e) ? Outcome.ROLLED_BACK : Outcome.IN_DOUBT;
            throw e;
        }
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        associated = false; // a manager may roll back a timed-out branch without ending it
        try {
            delegate.rollback(xid);
            outcome = Outcome.ROLLED_BACK;
        } catch (XAException e) {
            outcome = e.errorCode == XAException.XA_HEURCOM ? Outcome.COMMITTED : Outcome.IN_DOUBT;
            throw e;
        }
    }

    private static boolean rolledBack(XAException e) {
        return e.errorCode >= XAException.XA_RBBASE && e.errorCode <= XAException.XA_RBEND;
    }

    @Override
    public void forget(Xid xid) throws XAException {
        delegate.forget(xid);
    }

    @Override
    public Xid[] recover(int flags) throws XAException {
        return delegate.recover(flags);
    }

    @Override
    public boolean isSameRM(XAResource other) throws XAException {
        return delegate.isSameRM(other instanceof EnlistedXAResource e ? e.delegate : other);
    }

    @Override
    public int getTransactionTimeout() throws XAException {
        return delegate.getTransactionTimeout();
    }

    @Override
    public boolean setTransactionTimeout(int seconds) throws XAException {
        return delegate.setTransactionTimeout(seconds);
    }

    @Override
    public String toString() {
        return "EnlistedXAResource[" + delegate + "]";
    }
}
