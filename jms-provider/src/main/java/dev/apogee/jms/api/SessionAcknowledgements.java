package dev.apogee.jms.api;

import dev.apogee.jms.message.ApogeeMessage;
import dev.apogee.jms.provider.ProviderTransaction;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a session's acknowledge mode does with each delivered message: AUTO asks for its commit at once (the provider
 * coalesces these), DUPS_OK every {@value #DUPS_OK_BATCH} messages (both without waiting for the broker:
 * {@link #ackLazily}), CLIENT and TRANSACTED keep it until acknowledge/commit (or redeliver it on recover/rollback).
 *
 * <p>Two things outlive a single call: the message a listener is processing ({@link #beginListenerDelivery}), which
 * a recover, rollback, commit or acknowledge made inside {@code onMessage} settles with the others; and the
 * {@linkplain #retire retired} consumers, closed by the application while messages they delivered are unsettled,
 * whose native consumers stay open until those messages are acknowledged or given back (§6.2.7, §8.8: they belong
 * to the session, not to the consumer).
 *
 * <p>Called only with the session's delivery lock held, which makes the fields here single-threaded. An XA session's
 * mode changes (AUTO outside a global transaction, TRANSACTED inside), also under that lock.
 */
final class SessionAcknowledgements {
    static final int DUPS_OK_BATCH = 16;
    private static final Logger LOG = LoggerFactory.getLogger(SessionAcknowledgements.class);
    private static final int MAX_LOCAL_REDELIVERIES = 10;

    record Delivered(ApogeeMessageConsumer consumer, ApogeeMessage message) {
    }

    private int mode;
    private final ApogeeConnection connection;
    private final List<ApogeeMessageConsumer> consumers;
    private final List<Delivered> unacked = new ArrayList<>();
    /** Closed consumers whose native consumer waits for their messages to be settled. */
    private final List<ApogeeMessageConsumer> retired = new ArrayList<>();
    /** The message inside onMessage, or null; settled once a recover/rollback/commit/acknowledge covered it. */
    private Delivered inListener;
    private boolean inListenerSettled;
    /** Messages a receiveBody could not return (AUTO/DUPS_OK, §8.6). */
    private final RefusedBodies refused = new RefusedBodies();
    private int dupsOkCount;

    SessionAcknowledgements(int mode, ApogeeConnection connection, List<ApogeeMessageConsumer> consumers) {
        this.mode = mode;
        this.connection = connection;
        this.consumers = consumers;
    }

    void setMode(int mode) {
        this.mode = mode;
    }

    /**
     * Transacted commit: adds every consumer's delivered positions to {@code branch}, the retired ones' too. A
     * consumer still holding rolled-back messages for local redelivery is left out (its position would pass them);
     * those messages come again, a duplicate rather than a loss.
     */
    void acknowledgeInto(ProviderTransaction branch) throws JMSException {
        for (ApogeeMessageConsumer consumer : consumers) {
            acknowledgeInto(branch, consumer);
        }
        for (ApogeeMessageConsumer consumer : retired) {
            acknowledgeInto(branch, consumer);
        }
    }

    void acknowledgeInto(ProviderTransaction branch, ApogeeMessageConsumer consumer) throws JMSException {
        if (mayAcknowledge(consumer)) {
            branch.acknowledge(consumer.id());
        }
    }

    /** Hands over (and forgets) the messages delivered and not acknowledged so far. */
    List<Delivered> takeUnacked() {
        List<Delivered> taken = new ArrayList<>(unacked);
        unacked.clear();
        return taken;
    }

    /** Puts messages taken by {@link #takeUnacked} back (a resumed XA branch). */
    void restoreUnacked(List<Delivered> delivered) {
        unacked.addAll(0, delivered);
    }

    /** Records a delivered message according to the acknowledge mode. */
    void afterDelivery(ApogeeMessageConsumer consumer, ApogeeMessage message) throws JMSException {
        connection.meters().received();
        switch (mode) {
            case Session.AUTO_ACKNOWLEDGE -> {
                ackLazily(consumer);
                connection.meters().acknowledged(1);
            }
            case Session.DUPS_OK_ACKNOWLEDGE -> {
                if (++dupsOkCount >= DUPS_OK_BATCH) {
                    int acked = dupsOkCount;
                    dupsOkCount = 0;
                    for (ApogeeMessageConsumer c : consumers) {
                        ackLazily(c);
                    }
                    connection.meters().acknowledged(acked);
                }
            }
            default -> unacked.add(new Delivered(consumer, message));
        }
    }

    /** An expired message was skipped: in AUTO mode its position is committed now. */
    void onSkipped(ApogeeMessageConsumer consumer) throws JMSException {
        if (mode == Session.AUTO_ACKNOWLEDGE) {
            ackLazily(consumer);
        }
    }

    /** A listener threw: the message is delivered again (auto modes), up to a limit. */
    void onListenerFailure(ApogeeMessageConsumer consumer, ApogeeMessage message, RuntimeException e)
            throws JMSException {
        if (mode == Session.AUTO_ACKNOWLEDGE || mode == Session.DUPS_OK_ACKNOWLEDGE) {
            if (consumer.isClosed()) {
                return; // the listener closed its consumer: the release gives the message back to the group
            }
            if (consumer.id().perMessage()) {
                // back to the group at once, counted: redelivered (to any consumer) up to the group's retryMaxTimes,
                // then dead-lettered by the broker
                LOG.warn("message listener threw on {}, giving it back to the queue: {}", message, e.toString());
                Futures.await(connection.provider().release(consumer.id(), true));
                return;
            }
            if (message.deliveryCount() < MAX_LOCAL_REDELIVERIES) {
                LOG.warn("message listener threw on {}, redelivering it: {}", message, e.toString());
                message.markRedelivered();
                consumer.pushBack(List.of(message));
                return;
            }
            LOG.error("message listener threw on {} {} times; dropping it", message, message.deliveryCount(), e);
            ackConsumer(consumer);
        } else {
            LOG.warn("message listener threw on {}: {}", message, e.toString());
            afterDelivery(consumer, message);
        }
    }

    /** The session's refused receiveBody messages. */
    RefusedBodies refused() {
        return refused;
    }

    /** Another consumer delivered a refused message of {@code owner}: in AUTO its position may pass it now. */
    void lentDelivered(ApogeeMessageConsumer owner) throws JMSException {
        if (mode == Session.AUTO_ACKNOWLEDGE) {
            ackLazily(owner);
        }
    }

    /** Whether {@code consumer}'s position may be committed: no message before it waits to be delivered again. */
    private boolean mayAcknowledge(ApogeeMessageConsumer consumer) {
        return !consumer.isReleased() && !consumer.hasLocalRedeliveries() && !refused.holds(consumer);
    }

    /** The dispatcher is about to call {@code onMessage} with {@code message}. */
    void beginListenerDelivery(ApogeeMessageConsumer consumer, ApogeeMessage message) {
        inListener = new Delivered(consumer, message);
        inListenerSettled = false;
    }

    /**
     * {@code onMessage} returned: true when a recover, rollback, commit or acknowledge inside it already settled the
     * message (it must not be recorded as delivered again).
     */
    boolean endListenerDelivery() {
        boolean settled = inListenerSettled;
        inListener = null;
        inListenerSettled = false;
        return settled;
    }

    /** Commits the position of every consumer of the session (retired ones too). */
    void ackAll() throws JMSException {
        if (dupsOkCount > 0) {
            connection.meters().acknowledged(dupsOkCount);
        }
        dupsOkCount = 0;
        for (ApogeeMessageConsumer consumer : consumers) {
            ackConsumer(consumer);
        }
        for (ApogeeMessageConsumer consumer : retired) {
            ackConsumer(consumer);
        }
    }

    /** CLIENT acknowledge / a commit without branches: everything delivered so far. */
    void acknowledgeDelivered() throws JMSException {
        ackAll();
        settled();
    }

    /** The session's deliveries so far are acknowledged (a commit stored their positions): forgets them. */
    void settled() {
        if (!unacked.isEmpty()) {
            connection.meters().acknowledged(unacked.size());
        }
        unacked.clear();
        if (inListener != null) {
            inListenerSettled = true;
        }
        releaseRetired();
    }

    /**
     * Recover / rollback: the unacknowledged messages are delivered again, marked redelivered, the one inside
     * {@code onMessage} last (in delivery order); those of retired consumers come again from the group.
     */
    void redeliverUnacked() {
        List<Delivered> again = takeUnacked();
        if (inListener != null && !inListenerSettled) {
            again.add(inListener);
            inListenerSettled = true;
        }
        redeliver(again);
        releasePerMessage();
        releaseRetired();
    }

    /**
     * The session's per-message (POP) consumers give their unacknowledged messages back to the group at once (they
     * come again with JMSXDeliveryCount + 1, to any consumer), and their prefetch (not counted). In every mode: in
     * DUPS_OK those are the messages delivered since the last lazy acknowledgement.
     */
    private void releasePerMessage() {
        dupsOkCount = 0;
        for (ApogeeMessageConsumer consumer : consumers) {
            releaseToGroup(consumer);
        }
        for (ApogeeMessageConsumer consumer : retired) {
            releaseToGroup(consumer);
        }
    }

    private void releaseToGroup(ApogeeMessageConsumer consumer) {
        if (consumer.id().perMessage() && !consumer.isReleased()) {
            try {
                Futures.await(connection.provider().release(consumer.id(), false));
            } catch (JMSException e) { // they come again after their invisible time: later, but not lost
                LOG.warn("JMS-POP-RELEASE-FAILED giving back the unacknowledged messages failed: {}", e.toString());
            }
        }
    }

    /**
     * Delivers {@code delivered} again, marked redelivered, to the consumers still open. Messages of per-message
     * (POP) consumers are left out: they go back to the group ({@link #releasePerMessage}, or an XA branch's
     * rollback) and come again from the broker, with the broker's delivery count.
     */
    static void redeliver(List<Delivered> delivered) {
        Map<ApogeeMessageConsumer, List<ApogeeMessage>> byConsumer = new LinkedHashMap<>();
        for (Delivered d : delivered) {
            if (d.consumer().id().perMessage()) {
                continue;
            }
            d.message().markRedelivered();
            byConsumer.computeIfAbsent(d.consumer(), c -> new ArrayList<>()).add(d.message());
        }
        byConsumer.forEach((consumer, messages) -> {
            if (!consumer.isClosed()) {
                consumer.pushBack(messages);
            }
        });
    }

    /** Session close: nothing more is acknowledged, the retired consumers' messages go back to the group. */
    void clear() {
        unacked.clear();
        refused.clear();
        releaseRetired();
    }

    /**
     * The application closed {@code consumer}: true when its native consumer must stay open, because a listener of
     * it is running or (when {@code holdUnsettled}) messages it delivered wait for acknowledge/commit.
     */
    boolean retire(ApogeeMessageConsumer consumer, boolean holdUnsettled) {
        if (isInListener(consumer) || holdUnsettled && hasUnsettled(consumer)) {
            retired.add(consumer);
            return true;
        }
        return false;
    }

    /** After a listener of a closed consumer returned: releases it unless it still holds unsettled messages. */
    void releaseIfSettled(ApogeeMessageConsumer consumer, boolean holdUnsettled) {
        if (consumer.isClosed() && !(holdUnsettled && hasUnsettled(consumer)) && retired.remove(consumer)) {
            release(consumer);
        }
    }

    /** Whether unsettled (CLIENT / transacted) deliveries of a consumer of {@code group} exist. */
    boolean holdsUnsettledOf(String group) {
        for (Delivered d : unacked) {
            if (d.consumer().id().group().equals(group)) {
                return true;
            }
        }
        return false;
    }

    private boolean isInListener(ApogeeMessageConsumer consumer) {
        return inListener != null && inListener.consumer() == consumer;
    }

    private boolean hasUnsettled(ApogeeMessageConsumer consumer) {
        if (mode != Session.CLIENT_ACKNOWLEDGE && mode != Session.SESSION_TRANSACTED) {
            return false;
        }
        for (Delivered d : unacked) {
            if (d.consumer() == consumer) {
                return true;
            }
        }
        return false;
    }

    private void releaseRetired() {
        for (ApogeeMessageConsumer consumer : retired) {
            if (!isInListener(consumer)) {
                release(consumer);
            }
        }
        retired.removeIf(ApogeeMessageConsumer::isReleased);
    }

    private static void release(ApogeeMessageConsumer consumer) {
        try {
            consumer.release();
        } catch (JMSException e) { // its unacknowledged messages come again to the group: duplicates, no loss
            LOG.warn("JMS-CONSUMER-RELEASE-FAILED stopping a closed consumer failed: {}", e.toString());
        }
    }

    /**
     * AUTO/DUPS_OK: the provider commits the position without this thread waiting for the broker (coalesced, stored
     * at the latest when the consumer or connection closes); a failure before that means duplicates, which these
     * modes allow after a failure, never a loss.
     */
    private void ackLazily(ApogeeMessageConsumer consumer) throws JMSException {
        if (mayAcknowledge(consumer)) {
            Futures.await(connection.provider().acknowledgeLazily(consumer.id()));
        }
    }

    private void ackConsumer(ApogeeMessageConsumer consumer) throws JMSException {
        if (mayAcknowledge(consumer)) {
            Futures.await(connection.provider().acknowledge(consumer.id()));
        }
    }
}
