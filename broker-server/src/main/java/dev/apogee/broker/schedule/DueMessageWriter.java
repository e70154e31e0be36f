package dev.apogee.broker.schedule;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Re-writes one due message of the schedule topic into its real topic and queue (REAL_TOPIC / REAL_QID, which stay
 * visible, as on the official broker), without DELAY, with the same body, flag, properties and born host/time, as a
 * fresh store. Called on the schedule thread; waits for the store (a SYNC_FLUSH broker flushes first).
 */
final class DueMessageWriter {
    private static final Logger LOG = LoggerFactory.getLogger(DueMessageWriter.class);

    /** What became of one message. */
    enum Outcome { DELIVERED, DROPPED, RETRY_LATER }

    private final MessageStore store;
    private final InetSocketAddress storeHost;

    DueMessageWriter(MessageStore store, InetSocketAddress storeHost) {
        this.store = store;
        this.storeHost = storeHost;
    }

    Outcome deliver(StoredMessage message) {
        Map<String, String> properties = new LinkedHashMap<>(message.properties());
        String realTopic = properties.get(MessageProperties.REAL_TOPIC);
        int realQueueId = parseQueueId(properties.get(MessageProperties.REAL_QID));
        if (realTopic == null || realQueueId < 0) {
            LOG.warn("SCHEDULE-DROP delayed message at commit-log offset {} has no valid REAL_TOPIC/REAL_QID; skipped",
                    message.physicalOffset());
            return Outcome.DROPPED;
        }
        properties.remove(MessageProperties.DELAY);
        MessageToStore copy = RecordCopy.of(message, realTopic, realQueueId, properties, message.reconsumeTimes(),
                storeHost);
        PutResult result = store.putMessage(copy).join();
        return switch (result.status()) {
            case PUT_OK, FLUSH_DISK_TIMEOUT -> Outcome.DELIVERED;
            case MESSAGE_ILLEGAL, PROPERTIES_SIZE_EXCEEDED -> {
                LOG.warn("SCHEDULE-DROP delayed message at commit-log offset {} refused by the store: {}",
                        message.physicalOffset(), result.status());
                yield Outcome.DROPPED;
            }
            default -> Outcome.RETRY_LATER;
        };
    }

    private static int parseQueueId(String value) {
        try {
            return value == null ? -1 : Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
