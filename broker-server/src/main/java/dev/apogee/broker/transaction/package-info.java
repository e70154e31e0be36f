/**
 * Transactional messages, compatible with the official protocol: half messages are stored invisibly in
 * {@code RMQ_SYS_TRANS_HALF_TOPIC}; END_TRANSACTION commits (the real message is written to its topic) or rolls back;
 * op records in {@code RMQ_SYS_TRANS_OP_HALF_TOPIC} record decisions; the check service asks producers about half
 * messages left undecided and discards them after the maximum number of checks.
 *
 * <p>Several sends and consumed positions as one atomic unit (JMS local transactions, XA branches) are built on
 * these half messages in the {@code branch} sub-package: a branch's halves carry {@value HalfMessages#BRANCH_ID},
 * keep their delay until commit, and are never checked back by the check service; one branch-log record makes a
 * prepare or decision durable for all of them, after which each half is materialized through
 * {@link TransactionDecisions} (shared with END_TRANSACTION, so a half is decided once).
 *
 * <p>Threads: END_TRANSACTION runs on the broker's transaction executor; the check service on its own thread; the
 * decided-transactions record is a concurrent map shared by both.
 */
package dev.apogee.broker.transaction;
