package dev.apogee.benchmarks.xa;

import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * A second participant that votes yes and does nothing, so that the transaction manager runs a real two-phase
 * commit (prepare, log write, commit) over the JMS resource instead of its one-phase optimization, without adding
 * another resource manager's cost to the measurement.
 */
final class NoOpXAResource implements XAResource {
    @Override
    public int prepare(Xid xid) {
        return XA_OK; // not XA_RDONLY: the manager must log and commit
    }

    @Override
    public void commit(Xid xid, boolean onePhase) {
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
}
