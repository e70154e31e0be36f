package dev.apogee.broker.transaction.branch;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks by branch id: every transition of a branch (prepare, decision, materialization, the reaper's
 * rollback of abandoned halves) runs under its stripe, so two requests for one branch never interleave, while
 * different branches proceed in parallel (mostly). Holders may wait for a disk flush.
 */
final class BranchLocks {
    private static final int STRIPES = 64;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

    BranchLocks() {
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    ReentrantLock of(String branchId) {
        return locks[Math.floorMod(branchId.hashCode(), STRIPES)];
    }
}
