package dev.apogee.jms.xa;

import dev.apogee.jms.api.SessionTransactions;
import dev.apogee.jms.provider.BranchFailure;
import dev.apogee.jms.provider.ProviderTransaction;
import dev.apogee.jms.provider.TransactionBranches;
import jakarta.jms.JMSException;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import java.util.ArrayList;
import java.util.List;

/**
 * The XAResource of one XA session (or, with no session, of a recovering process: {@link ApogeeXAResourceRecovery}).
 * {@code start}/{@code end} associate the session with a branch of its connection's {@link XABranchTable}; prepare,
 * commit and rollback drive the branch's {@link ProviderTransaction}; a branch this process does not know (after a
 * crash) is committed or rolled back by id on every broker. Error codes follow the XA specification: XAER_NOTA for an
 * unknown Xid, XAER_PROTO for a call in the wrong state, XAER_INVAL for bad arguments, XAER_DUPID for a second start,
 * XA_RB* when the branch is (or must be) rolled back, XA_HEURCOM when a rollback finds it committed, XAER_RMFAIL when
 * a broker is unreachable.
 *
 * <p>Thread-safe: every call holds the branch table's lock, including its remote calls (each bounded by the request
 * timeout), so a connection's branches change state one at a time.
 */
public final class ApogeeXAResource implements XAResource {
    private final SessionTransactions session;
    private final XABranchTable table;
    private final TransactionBranches branches;
    private volatile int timeoutSeconds;
    private boolean scanning;

    ApogeeXAResource(SessionTransactions session, XABranchTable table, TransactionBranches branches) {
        this.session = session;
        this.table = table;
        this.branches = branches;
    }

    @Override
    public void start(Xid xid, int flags) throws XAException {
        BranchXid x = valid(xid);
        synchronized (table) {
            requireSession();
            if (session.isAssociated()) {
                throw XAErrors.of(XAException.XAER_PROTO, "the session is already associated with a branch");
            }
            XABranch b = table.get(x);
            SessionTransactions.DeliveredWork resumed = null;
            switch (flags) {
                case TMNOFLAGS -> {
                    if (b != null) {
                        throw XAErrors.of(XAException.XAER_DUPID, "branch " + x + " already exists");
                    }
                    b = new XABranch(x, begin(x), timeoutSeconds);
                    table.put(b);
                }
                case TMJOIN -> {
                    known(x, b);
                    if (b.state != XABranch.State.ACTIVE || b.suspended.containsKey(session)) {
                        throw XAErrors.of(XAException.XAER_PROTO, "cannot join branch " + x + " now");
                    }
                    if (b.rollbackOnly) {
                        throw XAErrors.of(XAException.XA_RBROLLBACK, "branch " + x + " is marked rollback-only");
                    }
                }
                case TMRESUME -> {
                    known(x, b);
                    if (!b.suspended.containsKey(session)) {
                        throw XAErrors.of(XAException.XAER_PROTO, "branch " + x + " is not suspended by this session");
                    }
                    resumed = b.suspended.remove(session);
                }
                default -> throw XAErrors.of(XAException.XAER_INVAL, "start flags " + flags);
            }
            try {
                session.associate(b.work, resumed);
            } catch (JMSException e) {
                throw XAErrors.of(XAException.XAER_PROTO, e.getMessage(), e);
            }
            b.associated.add(session);
        }
    }

    @Override
    public void end(Xid xid, int flags) throws XAException {
        BranchXid x = valid(xid);
        synchronized (table) {
            XABranch b = known(x, table.get(x));
            boolean active = session != null && b.associated.contains(session);
            boolean suspended = session != null && b.suspended.containsKey(session);
            if (!active && !(suspended && (flags == TMSUCCESS || flags == TMFAIL))) {
                throw XAErrors.of(XAException.XAER_PROTO, "the session is not associated with branch " + x);
            }
            switch (flags) {
                case TMSUSPEND -> b.suspended.put(session, session.dissociate());
                case TMSUCCESS, TMFAIL -> {
                    SessionTransactions.DeliveredWork work = active ? session.dissociate()
                            : b.suspended.remove(session);
                    b.ended.add(new XABranch.Ended(session, work));
                    b.rollbackOnly |= flags == TMFAIL;
                }
                default -> throw XAErrors.of(XAException.XAER_INVAL, "end flags " + flags);
            }
            b.associated.remove(session);
        }
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        BranchXid x = valid(xid);
        synchronized (table) {
            XABranch b = known(x, table.get(x));
            if (b.inUse() || b.state != XABranch.State.ACTIVE) {
                throw XAErrors.of(XAException.XAER_PROTO, "branch " + x + " is not ended, or already prepared");
            }
            if (b.rollbackOnly) {
                rollBack(b);
                throw XAErrors.of(XAException.XA_RBROLLBACK, "branch " + x + " was ended with TMFAIL");
            }
            rollBackIfTimedOut(b);
            boolean didWork;
            try {
                didWork = b.work.prepare();
            } catch (JMSException e) {
                table.remove(x); // a failed prepare rolled back whatever it had recorded
                b.completed(false);
                throw XAErrors.translate("preparing " + x, e, false);
            }
            if (!didWork) {
                table.remove(x);
                b.completed(true);
                return XA_RDONLY;
            }
            b.state = XABranch.State.PREPARED;
            return XA_OK;
        }
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        BranchXid x = valid(xid);
        synchronized (table) {
            XABranch b = table.get(x);
            if (b == null) {
                if (onePhase) {
                    throw XAErrors.of(XAException.XAER_NOTA, "one-phase commit of unknown branch " + x);
                }
                try {
                    branches.commit(x.branchId()); // a branch prepared before a crash or by another process
                } catch (JMSException e) {
                    throw XAErrors.translate("committing " + x, e, false);
                }
                return;
            }
            if (b.inUse() || b.state != (onePhase ? XABranch.State.ACTIVE : XABranch.State.PREPARED)) {
                throw XAErrors.of(XAException.XAER_PROTO, (onePhase ? "one" : "two") + "-phase commit of branch " + x
                        + " in state " + b.state + (b.inUse() ? " (not ended)" : ""));
            }
            if (b.rollbackOnly) {
                rollBack(b);
                throw XAErrors.of(XAException.XA_RBROLLBACK, "branch " + x + " was ended with TMFAIL");
            }
            if (onePhase) {
                rollBackIfTimedOut(b);
            }
            try {
                b.work.commit(onePhase);
            } catch (JMSException e) {
                XAException failure = XAErrors.translate("committing " + x, e, false);
                if (failure.errorCode >= XAException.XA_RBBASE && failure.errorCode <= XAException.XA_RBEND) {
                    table.remove(x);
                    b.completed(false);
                }
                throw failure; // RMFAIL: the branch stays, the manager retries
            }
            table.remove(x);
            b.completed(true);
        }
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        BranchXid x = valid(xid);
        synchronized (table) {
            XABranch b = table.get(x);
            if (b == null) {
                try {
                    branches.rollback(x.branchId());
                } catch (JMSException e) {
                    throw XAErrors.translate("rolling back " + x, e, true);
                }
                return;
            }
            // a manager may roll back a timed-out branch without ending it: end every association here
            for (SessionTransactions s : new ArrayList<>(b.associated)) {
                b.ended.add(new XABranch.Ended(s, s.dissociate()));
            }
            b.associated.clear();
            b.suspended.forEach((s, work) -> b.ended.add(new XABranch.Ended(s, work)));
            b.suspended.clear();
            rollBack(b);
        }
    }

    /** Rolls the branch back and forgets it; on success the sessions deliver its messages again. */
    private void rollBack(XABranch b) throws XAException {
        try {
            b.work.rollback();
        } catch (JMSException e) {
            XAException failure = XAErrors.translate("rolling back " + b.xid, e, true);
            if (failure.errorCode == XAException.XA_HEURCOM) {
                table.remove(b.xid);
                b.completed(true);
            }
            throw failure;
        }
        table.remove(b.xid);
        b.completed(false);
    }

    @Override
    public Xid[] recover(int flags) throws XAException {
        if ((flags & ~(TMSTARTRSCAN | TMENDRSCAN)) != 0) {
            throw XAErrors.of(XAException.XAER_INVAL, "recover flags " + flags);
        }
        synchronized (table) {
            if ((flags & TMSTARTRSCAN) == 0 && !scanning) {
                throw XAErrors.of(XAException.XAER_PROTO, "recover without TMSTARTRSCAN and no scan open");
            }
            List<Xid> found = new ArrayList<>();
            if ((flags & TMSTARTRSCAN) != 0) {
                for (String id : recoverIds()) {
                    BranchXid x = BranchXid.parse(id);
                    if (x != null) {
                        found.add(x);
                    }
                }
            }
            scanning = (flags & TMENDRSCAN) == 0; // one batch: a later TMNOFLAGS call gets nothing more
            return found.toArray(new Xid[0]);
        }
    }

    private List<String> recoverIds() throws XAException {
        try {
            return branches.recover();
        } catch (BranchFailure f) {
            if (f.reason() == BranchFailure.Reason.NOT_SUPPORTED) {
                return List.of(); // a cluster without branches has nothing in doubt
            }
            throw XAErrors.translate("recovering", f, false);
        } catch (JMSException e) {
            throw XAErrors.translate("recovering", e, false);
        }
    }

    @Override
    public void forget(Xid xid) throws XAException {
        BranchXid x = valid(xid);
        synchronized (table) {
            table.remove(x);
            try {
                branches.forget(x.branchId());
            } catch (JMSException e) {
                throw XAErrors.translate("forgetting " + x, e, false);
            }
        }
    }

    /** Same resource manager = same connection: only then do joined sessions share one provider branch. */
    @Override
    public boolean isSameRM(XAResource other) {
        return other instanceof ApogeeXAResource o && o.table == table;
    }

    /**
     * Applies to branches started afterwards: one still unprepared when its timeout has passed is rolled back at
     * prepare (or one-phase commit) with XA_RBTIMEOUT. A prepared branch is never timed out (that is the transaction
     * manager's decision); the brokers also discard the halves of branches never prepared after their own limit.
     */
    @Override
    public boolean setTransactionTimeout(int seconds) throws XAException {
        if (seconds < 0) {
            throw XAErrors.of(XAException.XAER_INVAL, "negative transaction timeout " + seconds);
        }
        timeoutSeconds = seconds;
        return true;
    }

    private void rollBackIfTimedOut(XABranch b) throws XAException {
        if (b.timedOut()) {
            rollBack(b);
            throw XAErrors.of(XAException.XA_RBTIMEOUT, "branch " + b.xid + " exceeded its transaction timeout of "
                    + timeoutSeconds + " s before prepare");
        }
    }

    @Override
    public int getTransactionTimeout() {
        return timeoutSeconds;
    }

    private ProviderTransaction begin(BranchXid x) throws XAException {
        try {
            return branches.begin(x.branchId());
        } catch (JMSException e) {
            throw XAErrors.translate("starting " + x, e, false);
        }
    }

    private void requireSession() throws XAException {
        if (session == null) {
            throw XAErrors.of(XAException.XAER_PROTO, "a recovery resource has no session to start work on");
        }
    }

    private static BranchXid valid(Xid xid) throws XAException {
        BranchXid x = BranchXid.of(xid);
        if (x == null) {
            throw XAErrors.of(XAException.XAER_INVAL, "null or malformed Xid " + xid);
        }
        return x;
    }

    private static XABranch known(BranchXid x, XABranch b) throws XAException {
        if (b == null) {
            throw XAErrors.of(XAException.XAER_NOTA, "unknown branch " + x);
        }
        return b;
    }
}
