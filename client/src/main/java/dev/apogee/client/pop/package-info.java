/**
 * The POP consumer (RocketMQ 5 POP consumption): the broker keeps each message's state for the group (popped and
 * invisible until a deadline, acked, or due again), any number of consumers pop from any queue and each message is
 * acked on its own.
 * <ul>
 *   <li>{@link dev.apogee.client.pop.SimpleConsumer}: receive / ack / change invisible duration / nack, called by
 *   the application's threads (what the JMS provider's queue consumers use), optionally with a shared
 *   {@link dev.apogee.client.pop.LeaseRenewal} keeping what they hold invisible;</li>
 *   <li>{@link dev.apogee.client.pop.PopConsumer}: push style, a listener on a bounded consume pool, with long
 *   polling, batched acks, invisible-time renewal for slow listeners, nack with back-off and graceful release.</li>
 * </ul>
 * Consumers of one group on one {@link dev.apogee.client.ClientInstance} share one {@link
 * dev.apogee.client.pop.PopGroupMember}: one heartbeat entry, however many consumers. Threads: a pop consumer's
 * scheduler thread issues pops and renewals; remoting callback threads complete them and hand messages to the
 * consume pool; a shared {@link dev.apogee.client.pop.LeaseRenewal} renews on its own thread; each
 * {@link dev.apogee.client.pop.PoppedMessage} serialises the operations on its receipt handle.
 * <p>What an Apache RocketMQ 5.3.3 broker needs for a pop: an existing topic and nothing else (the subscription
 * group is auto-created, the group is recorded as {@code CONSUME_POP} on its first pop). The official client never
 * sends SET_MESSAGE_REQUEST_MODE (an admin command that only steers QUERY_ASSIGNMENT for push consumers that let the
 * broker assign queues), so neither do we; a new group starts at the queue's first message (init mode MIN), as a JMS
 * queue must.
 */
package dev.apogee.client.pop;
