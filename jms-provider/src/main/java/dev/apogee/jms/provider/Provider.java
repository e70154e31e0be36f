package dev.apogee.jms.provider;

import dev.apogee.jms.message.WireMessage;

import java.util.concurrent.CompletableFuture;

/**
 * The one boundary between the JMS API layer ({@code dev.apogee.jms.api}) and a transport. Every operation is
 * asynchronous; failures complete the future exceptionally with a {@link jakarta.jms.JMSException} already
 * translated (with an {@link dev.apogee.jms.exception.ErrorCode}), so the API layer never sees a transport exception.
 * The only implementation is {@link NativeProvider} (the native {@code dev.apogee.client}).
 *
 * <p>Consumers are identified by the {@link ConsumerId} returned from {@link #createConsumer}; {@link #pull} hands out
 * messages one at a time, and {@link #acknowledge} makes everything pulled so far by that consumer consumed (each
 * message acked for a POP consumer, the group's offsets advanced for an offset one), so un-acknowledged messages
 * come back to the group after a close or crash.
 */
public interface Provider {

    /** Connects (name servers reachable, producer started). */
    CompletableFuture<Void> connect();

    /** Releases everything; consumers still open are closed without acknowledging. */
    CompletableFuture<Void> close();

    /** Registers a listener for asynchronous failures (lost connection). */
    void setListener(ProviderListener listener);

    /** Makes sure the RocketMQ topic exists (created with the configured queue count when missing). */
    CompletableFuture<Void> ensureTopic(String topic);

    /** Deletes a topic (temporary destinations). */
    CompletableFuture<Void> deleteTopic(String topic);

    /** A new JMSMessageID: {@code ID:} and a RocketMQ unique key (UNIQ_KEY), unique across processes. */
    String newJmsMessageId();

    /**
     * Sends a message. The future completes when the broker has stored it for {@link SendMode#SYNC}, when the broker
     * answered for {@link SendMode#ASYNC}, and as soon as it is written for {@link SendMode#ONEWAY}.
     *
     * @param deliveryTime absolute delivery time (epoch ms) of a delayed message, or 0
     * @param orderKey     sends with one key (≥ 0) go to one queue of the topic, so they are stored and delivered in
     *                     send order while that queue's broker is available (a session's key, §6.2.9);
     *                     {@link #ANY_QUEUE} spreads them over the queues
     */
    CompletableFuture<Void> send(WireMessage message, SendMode mode, long deliveryTime, int orderKey);

    /**
     * How many asynchronous sends one session may have in flight while keeping them in send order: 1 until a broker
     * has said it stores a connection's pipelined sends to a queue in arrival order (an Apogee broker), then the
     * connection factory's {@code asyncSendWindow}. Against Apache RocketMQ it stays 1.
     */
    default int asyncSendWindow() {
        return 1;
    }

    /** {@code orderKey} meaning "any queue": sends are spread, no order among them. */
    int ANY_QUEUE = -1;

    /** A send to any queue (no order with other sends). */
    default CompletableFuture<Void> send(WireMessage message, SendMode mode, long deliveryTime) {
        return send(message, mode, deliveryTime, ANY_QUEUE);
    }

    /** Starts a consumer; fails with {@code InvalidSelectorException} for an invalid selector. */
    CompletableFuture<ConsumerId> createConsumer(ConsumerSpec spec);

    /**
     * The next message of the consumer, waiting up to {@code timeoutMillis} (0 = don't wait); completes with null
     * when none arrived.
     */
    CompletableFuture<WireMessage> pull(ConsumerId consumer, long timeoutMillis);

    /** Commits (and waits for the broker to store) the position after every message pulled so far. */
    CompletableFuture<Void> acknowledge(ConsumerId consumer);

    /**
     * AUTO_ACKNOWLEDGE / DUPS_OK_ACKNOWLEDGE: like {@link #acknowledge} but without waiting for the broker; commits
     * are coalesced (a later one supersedes an earlier one). {@link #closeConsumer} and {@link #close} store them
     * before returning; if the connection fails first, the messages come again (duplicates after a failure).
     */
    CompletableFuture<Void> acknowledgeLazily(ConsumerId consumer);

    /**
     * A {@link ConsumerId#perMessage() per-message} consumer gives back, at once, every message it handed out and
     * that is not acknowledged (counted as delivered: it comes again, to any consumer of the group, with
     * JMSXDeliveryCount + 1) and the messages it popped and did not hand out (not counted). Recover and rollback;
     * nothing for other consumers (the session redelivers their messages itself). With {@code lastOnly}, only the
     * message handed out last goes back (a listener threw on it), the prefetch stays.
     */
    CompletableFuture<Void> release(ConsumerId consumer, boolean lastOnly);

    /** Connection stop: per-message consumers give back what they popped and did not hand out (not counted). */
    CompletableFuture<Void> releasePrefetched();

    /**
     * Stops the consumer, after storing its lazily acknowledged positions; a {@link ConsumerSpec#removeOnClose()}
     * group is deleted with its offsets.
     */
    CompletableFuture<Void> closeConsumer(ConsumerId consumer);

    /**
     * A snapshot of the messages {@code group} has not consumed yet from {@code topic} (up to {@code max}) that match
     * the selector (evaluated as the broker filters the queue's consumers), without consuming them.
     */
    CompletableFuture<java.util.List<WireMessage>> browse(String topic, String group, String selector, int max);

    /** Deletes a (durable subscription's) consumer group and its offsets on every master broker. */
    CompletableFuture<Void> deleteGroup(String group);

    /** Session.unsubscribe: deletes the durable subscription's group (as {@link #deleteGroup}) and its definition. */
    CompletableFuture<Void> deleteSubscription(String group);

    /**
     * Before a consumer joins the named subscription {@code spec.group()} (shared, shared durable, durable; §8.3.2 to
     * §8.3.4): fails with IllegalStateException while an online consumer of the group has another topic or selector;
     * when {@code durable} and nobody is online, a changed definition (topic, selector with noLocal) replaces the
     * subscription (its group is deleted with the messages kept for it). The definition is stored for the next check.
     */
    CompletableFuture<Void> prepareSubscription(ConsumerSpec spec, boolean durable);

    /** Whether a master broker has offsets of the group or knows it online (its durable subscription exists). */
    CompletableFuture<Boolean> groupExists(String group);

    /** Transaction branches: atomic sends + acknowledgements for transacted sessions and XA resources. */
    TransactionBranches branches();
}
