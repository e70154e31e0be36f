/**
 * Transaction branches (Apogee-private BRANCH_PREPARE … BRANCH_COMMIT_LOCAL, 9201–9206): several half messages,
 * consumed positions (offset acks) and popped messages (pop acks) committed or rolled back as one unit on this broker
 * — JMS local transactions (one-phase) and XA branches (durable prepare, recover).
 *
 * <p>State. The {@link dev.apogee.broker.transaction.branch.BranchLog} (system topic {@code APOGEE_SYS_BRANCH_LOG}
 * in the commit log) is the only durable state: PREPARE and COMMIT/ROLLBACK records carry the whole branch (halves,
 * acks and pop acks) and are acknowledged only once flushed, whatever the flush mode; DONE follows materialization; FORGET
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
 * on that queue return nothing ({@link dev.apogee.broker.pull.QueueSuspension}).
 *
 * <p>Pop acks ({@link dev.apogee.broker.pop.TransactedPopAcks}, checked like ACK_MESSAGE checks: known group that
 * popped from the queue, known topic, queue and offset in range, a receipt handle of this broker naming that queue
 * and offset; else BRANCH_INVALID with the reason, nothing stored). A local commit's pop acks are POP journal ACK
 * records inside the commit's atomic group, after its messages: the group's one force (the COMMIT_STORED record's
 * flush, as for the messages) makes them durable, and after a crash the POP journal's replay re-applies them exactly
 * when the commit survived — a committed transaction's popped messages never come back; an uncommitted one's come
 * back after their invisible time. A prepare holds its popped messages before its PREPARE record is stored (a message
 * whose lease already ran out is leased again by a journaled CHANGE, made durable by that record's force): the POP
 * expiry thread does not revive a held message. Holds are not journaled: at start, after the POP state is restored
 * and before its expiry thread starts, the prepared branches of the replayed log hold their messages again. Commit
 * journals the acks before the DONE record (a DONE on disk implies them; a branch decided and not done is finished
 * again at start); rollback ends the released messages' leases now, so they are due again at once with the
 * redelivery counted. A stale receipt handle (the lease ran out and another consumer popped the message again) is
 * acked all the same, as ACK_MESSAGE does: the commit never fails for it, and the other holder's ack answers SUCCESS. The {@code BranchReaper} rolls back
 * the halves of branches never prepared once their sender's connection is gone or after {@code branchTimeoutMillis}.
 *
 * <p>Threads. Branch requests run on the broker's transaction executor; the reaper on {@code apogee-branch-reaper};
 * replay on the starting thread. Every transition of a branch runs under its striped lock ({@code BranchLocks});
 * the table's maps are concurrent and also read by pull threads. Pop acks change the POP ledgers under their own
 * monitors (a local commit holds those of its ledgers, in key order, across its append).
 *
 * <p>Known limits: the branch log is replayed whole at each start (no checkpoint or compaction; commit-log retention
 * bounds it); finished outcomes are remembered for an hour, after which a repeated commit answers BRANCH_UNKNOWN; the
 * restart de-duplication relies on the message index (on by default).
 */
package dev.apogee.broker.transaction.branch;
