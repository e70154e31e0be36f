/**
 * Transactional messages, compatible with the official protocol: half messages are stored invisibly in
 * {@code RMQ_SYS_TRANS_HALF_TOPIC}; END_TRANSACTION commits (the real message is written to its topic) or rolls back;
 * op records in {@code RMQ_SYS_TRANS_OP_HALF_TOPIC} record decisions; the check service asks producers about half
 * messages left undecided and discards them after the maximum number of checks.
 *
 * <p>Several messages as one atomic unit (what the JMS provider's transacted sessions need): planned as one
 * decision record covering a set of half messages — the op record body lists every transaction id of the unit, so
 * that a single append makes the decision durable for all of them, after which each is materialized; a broker
 * restarting between the decision and the last materialization finishes the unit from the decision record. Not built
 * yet; today each half message is decided by its own END_TRANSACTION.
 *
 * <p>Threads: END_TRANSACTION runs on the broker's transaction executor; the check service on its own thread; the
 * decided-transactions record is a concurrent map shared by both.
 */
package dev.apogee.broker.transaction;
