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
 * {@link #ackLazily}), CLIENT and TRANSACTED
 * keep it until acknowledge/commit (or redeliver it on recover/rollback). Called only with the session's delivery lock held, which makes the lists here single-threaded.
 * An XA session's mode changes (AUTO outside a global transaction, TRANSACTED inside), also under that lock.
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
     * Transacted commit: adds every open consumer's delivered positions to {@code branch}. A consumer still holding
     * rolled-back messages for local redelivery is left out (its position would pass them); those messages come
     * again, a duplicate rather than a loss.
     */
    void acknowledgeInto(ProviderTransaction branch) throws JMSException {
        for (ApogeeMessageConsumer consumer : consumers) {
            acknowledgeInto(branch, consumer);
        }
    }

    void acknowledgeInto(ProviderTransaction branch, ApogeeMessageConsumer consumer) throws JMSException {
        if (!consumer.isClosed() && !consumer.hasLocalRedeliveries()) {
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
        switch (mode) {
            case Session.AUTO_ACKNOWLEDGE -> ackLazily(consumer);
            case Session.DUPS_OK_ACKNOWLEDGE -> {
                if (++dupsOkCount >= DUPS_OK_BATCH) {
                    dupsOkCount = 0;
                    for (ApogeeMessageConsumer c : consumers) {
                        ackLazily(c);
                    }
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

    /** Commits the position of every consumer of the session. */
    void ackAll() throws JMSException {
        dupsOkCount = 0;
        for (ApogeeMessageConsumer consumer : consumers) {
            ackConsumer(consumer);
        }
    }

    /** CLIENT acknowledge / transacted commit: everything delivered so far. */
    void acknowledgeDelivered() throws JMSException {
        ackAll();
        unacked.clear();
    }

    /** Recover / rollback: the unacknowledged messages are delivered again, marked redelivered. */
    void redeliverUnacked() {
        redeliver(takeUnacked());
    }

    /** Delivers {@code delivered} again, marked redelivered, to the consumers still open. */
    static void redeliver(List<Delivered> delivered) {
        Map<ApogeeMessageConsumer, List<ApogeeMessage>> byConsumer = new LinkedHashMap<>();
        for (Delivered d : delivered) {
            d.message().markRedelivered();
            byConsumer.computeIfAbsent(d.consumer(), c -> new ArrayList<>()).add(d.message());
        }
        byConsumer.forEach((consumer, messages) -> {
            if (!consumer.isClosed()) {
                consumer.pushBack(messages);
            }
        });
    }

    void clear() {
        unacked.clear();
    }

    void forget(ApogeeMessageConsumer consumer) {
        unacked.removeIf(d -> d.consumer() == consumer);
    }

    /**
     * AUTO/DUPS_OK: the provider commits the position without this thread waiting for the broker (coalesced, stored
     * at the latest when the consumer or connection closes); a failure before that means duplicates, which these
     * modes allow after a failure, never a loss.
     */
    private void ackLazily(ApogeeMessageConsumer consumer) throws JMSException {
        if (!consumer.isClosed() && !consumer.hasLocalRedeliveries()) {
            Futures.await(connection.provider().acknowledgeLazily(consumer.id()));
        }
    }

    private void ackConsumer(ApogeeMessageConsumer consumer) throws JMSException {
        if (!consumer.isClosed() && !consumer.hasLocalRedeliveries()) {
            Futures.await(connection.provider().acknowledge(consumer.id()));
        }
    }
}
