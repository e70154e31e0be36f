package dev.apogee.jms.xa;

import java.util.HashMap;
import java.util.Map;

/**
 * The XA branches a connection is working on, by Xid. Shared by the XA resources of the connection's sessions, so a
 * transaction manager may start a branch on one session's resource, join it from another (isSameRM) and prepare and
 * commit through either. Thread-safe: every access holds this object's lock.
 */
final class XABranchTable {
    private final Map<BranchXid, XABranch> branches = new HashMap<>();

    synchronized XABranch get(BranchXid xid) {
        return branches.get(xid);
    }

    synchronized void put(XABranch branch) {
        branches.put(branch.xid, branch);
    }

    synchronized void remove(BranchXid xid) {
        branches.remove(xid);
    }
}
