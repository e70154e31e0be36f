package dev.apogee.jms.xa.recovery;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import java.io.Serial;
import java.io.Serializable;

/**
 * A third XA participant of the test's own, enlisted so that Narayana runs two phases and so that something happens
 * at a chosen point of them. Serializable: Narayana stores it in its log and, after a crash, commits the
 * deserialized copy, whose transient behaviour is gone (a plain successful commit), so the transaction completes.
 * {@code isSameRM} is identity: it never joins another resource.
 */
final class TestResource implements XAResource, Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** What the live instance does. */
    enum Behaviour { NONE, VOTE_NO, FAIL_COMMIT_ONCE }

    private final Behaviour behaviour;
    /** Runs at commit in the live instance only: kills the broker, or halts this JVM. */
    private final transient Runnable atCommit;
    private transient boolean live;

    private TestResource(Behaviour behaviour, Runnable atCommit) {
        this.behaviour = behaviour;
        this.atCommit = atCommit;
        this.live = true;
    }

    /** Does {@code action} when asked to commit, i.e. after every participant voted yes and the log is written. */
    static TestResource atCommit(Runnable action) {
        return new TestResource(Behaviour.NONE, action);
    }

    static TestResource of(Behaviour behaviour) {
        return new TestResource(behaviour, null);
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        if (live && behaviour == Behaviour.VOTE_NO) {
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        return XA_OK;
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        if (!live) {
            return; // the recovered copy
        }
        if (atCommit != null) {
            atCommit.run();
        }
        if (behaviour == Behaviour.FAIL_COMMIT_ONCE) {
            live = false;
            throw new XAException(XAException.XAER_RMFAIL); // the decision stands; recovery commits again
        }
    }

    @Override
    public void start(Xid xid, int flags) {
    }

    @Override
    public void end(Xid xid, int flags) {
    }

    @Override
    public void rollback(Xid xid) {
    }

    @Override
    public Xid[] recover(int flag) {
        return new Xid[0];
    }

    @Override
    public void forget(Xid xid) {
    }

    @Override
    public boolean isSameRM(XAResource other) {
        return other == this;
    }

    @Override
    public int getTransactionTimeout() {
        return 0;
    }

    @Override
    public boolean setTransactionTimeout(int seconds) {
        return false;
    }

    @Override
    public String toString() {
        return "TestResource[" + behaviour + (live ? "" : ", recovered") + "]";
    }
}
