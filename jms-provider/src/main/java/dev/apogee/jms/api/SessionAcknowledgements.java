package dev.apogee.jms.api;

import dev.apogee.jms.message.ApogeeMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a session's acknowledge mode does with each delivered message: AUTO commits it at once, DUPS_OK every
 * {@value #DUPS_OK_BATCH} messages, CLIENT and TRANSACTED keep it until acknowledge/commit (or redeliver it on
 * recover/rollback). Called only with the session's delivery lock held, which makes the lists here single-threaded.
 */
final class SessionAcknowledgements {
    static final int DUPS_OK_BATCH = 16;
    private static final Logger LOG = LoggerFactory.getLogger(SessionAcknowledgements.class);
    private static final int MAX_LOCAL_REDELIVERIES = 10;

    private record Delivered(ApogeeMessageConsumer consumer, ApogeeMessage message) {
    }

    private final int mode;
    private final ApogeeConnection connection;
    private final List<ApogeeMessageConsumer> consumers;
    private final List<Delivered> unacked = new ArrayList<>();
    private int dupsOkCount;

    SessionAcknowledgements(int mode, ApogeeConnection connection, List<ApogeeMessageConsumer> consumers) {
        this.mode = mode;
        this.connection = connection;
        this.consumers = consumers;
    }

    /** Records a delivered message according to the acknowledge mode. */
    void afterDelivery(ApogeeMessageConsumer consumer, ApogeeMessage message) throws JMSException {
        switch (mode) {
            case Session.AUTO_ACKNOWLEDGE -> ackConsumer(consumer);
            case Session.DUPS_OK_ACKNOWLEDGE -> {
                if (++dupsOkCount >= DUPS_OK_BATCH) {
                    ackAll();
                }
            }
            default -> unacked.add(new Delivered(consumer, message));
        }
    }

    /** An expired message was skipped: in AUTO mode its position is committed now. */
    void onSkipped(ApogeeMessageConsumer consumer) throws JMSException {
        if (mode == Session.AUTO_ACKNOWLEDGE) {
            ackConsumer(consumer);
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
        Map<ApogeeMessageConsumer, List<ApogeeMessage>> byConsumer = new LinkedHashMap<>();
        for (Delivered d : unacked) {
            d.message().markRedelivered();
            byConsumer.computeIfAbsent(d.consumer(), c -> new ArrayList<>()).add(d.message());
        }
        unacked.clear();
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

    private void ackConsumer(ApogeeMessageConsumer consumer) throws JMSException {
        if (!consumer.isClosed() && !consumer.hasLocalRedeliveries()) {
            Futures.await(connection.provider().acknowledge(consumer.id()));
        }
    }
}
