/**
 * Transaction branches (Apogee-private BRANCH_PREPARE … BRANCH_COMMIT_LOCAL, 9201–9206): several half messages and
 * consumed positions committed or rolled back as one unit on this broker — JMS local transactions (one-phase) and
 * XA branches (durable prepare, recover).
 *
 * <p>State. The {@link dev.apogee.broker.transaction.branch.BranchLog} (system topic {@code APOGEE_SYS_BRANCH_LOG}
 * in the commit log) is the only durable state: PREPARE and COMMIT/ROLLBACK records carry the whole branch (halves
 * and acks) and are acknowledged only once flushed, whatever the flush mode; DONE follows materialization; FORGET
 * drops a decided outcome. At start the log is replayed into the in-memory {@code BranchTable} before the server
 * accepts requests, and branches decided but not done are finished (a half found already stored — message index,
 * pointing back at the half — is not stored again). The broker never decides a prepared branch itself.
 *
 * <p>Flow. Halves arrive as ordinary transactional sends; {@code BranchSendTracker} remembers which connection sent
 * each branch. Prepare checks every named half (stored, a half of this branch and producer group, undecided) and each
 * ack, then logs the branch; commit logs the decision, stores each half's real message (delayed ones routed like a
 * delayed send) and moves each ack's group offset to {@code max(current, nextOffset)}. A JMS local transaction on one
 * broker comes as one BRANCH_COMMIT_LOCAL carrying its messages and acks: a COMMIT_STORED record (the acks) and the
 * messages, in their real topics, are one atomic group of the store ({@code MessageStore#putAtomicGroup}) — one write
 * per message, one round trip and one fsync per transaction, no half, copy or op record; a crash leaves the group
 * whole or cut, and consumers see its messages only once it is durable. The offset
 * table reaches disk with the periodic offset persistence, and a start re-applies the acks of branches committed since
 * the offset file was last written. While a prepared branch holds an ack for (group, topic, queue), that group's pulls
 * on that queue return nothing ({@link dev.apogee.broker.pull.QueueSuspension}). The {@code BranchReaper} rolls back
 * the halves of branches never prepared once their sender's connection is gone or after {@code branchTimeoutMillis}.
 *
 * <p>Threads. Branch requests run on the broker's transaction executor; the reaper on {@code apogee-branch-reaper};
 * replay on the starting thread. Every transition of a branch runs under its striped lock ({@code BranchLocks});
 * the table's maps are concurrent and also read by pull threads.
 *
 * <p>Known limits: the branch log is replayed whole at each start (no checkpoint or compaction; commit-log retention
 * bounds it); finished outcomes are remembered for an hour, after which a repeated commit answers BRANCH_UNKNOWN; the
 * restart de-duplication relies on the message index (on by default).
 */
package dev.apogee.broker.transaction.branch;
