/**
 * POP consumption (RocketMQ 5's per-message acknowledgement) over remoting, wire-compatible with the official 5.3.3
 * client: POP_MESSAGE, ACK_MESSAGE, BATCH_ACK_MESSAGE and CHANGE_MESSAGE_INVISIBLETIME, with long polling, lease
 * expiry, redelivery with the reconsume count + 1, dead-lettering after the group's {@code retryMaxTimes}, and an
 * Apogee extension: a pop with a JMS selector leaves what it does not select to the group's other consumers.
 *
 * <p>State and threads: a {@link dev.apogee.broker.pop.QueueLedger} per group and queue, guarded by its own monitor
 * (pop/ack/change threads and the {@code apogee-pop-expiry} thread); every change is journaled as a record of the
 * internal topic {@code APOGEE_SYS_POP_JOURNAL} in the CommitLog before it is applied ({@code PopJournal}), and a
 * snapshot ({@code PopSnapshot}) bounds the replay at start. Transaction branches ack popped messages at commit,
 * atomically with their sends, and hold them while prepared ({@link dev.apogee.broker.pop.TransactedPopAcks}, called
 * on branch request threads). Request modes and QUERY_ASSIGNMENT are in {@code assignment}.
 */
package dev.apogee.broker.pop;
