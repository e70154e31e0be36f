package dev.apogee.broker.pop;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.schedule.RecordCopy;
import dev.apogee.broker.send.MessageRedirect;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.consumequeue.ConsumeQueueEntry;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Copies a popped message that ran out of deliveries into {@code %DLQ%<group>}, as the send-back path does
 * ({@link MessageRedirect#toDeadLetterQueue}): same body, flag, born host/time and properties, RETRY_TOPIC set to
 * its topic, the reconsume count it reached. Runs on the expiry thread; the put waits for the disk like a send.
 */
final class DeadLetters {
    private final MessageStore store;
    private final MessageRedirect redirect;
    private final InetSocketAddress storeHost;

    DeadLetters(MessageStore store, MessageRedirect redirect, InetSocketAddress storeHost) {
        this.store = store;
        this.redirect = redirect;
        this.storeHost = storeHost;
    }

    /** Completes with the DLQ put's result, or null when the message is gone (deleted by retention). */
    CompletableFuture<PutResult> copy(LedgerKey key, long offset, int reconsumeTimes) {
        ConsumeQueueEntry entry = new ConsumeQueueEntry();
        if (!store.readQueueEntry(key.topic(), key.queueId(), offset, entry)) {
            return CompletableFuture.completedFuture(null);
        }
        Optional<ByteBuffer> record = store.lookMessageByOffset(entry.physicalOffset());
        if (record.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        StoredMessage original = StoredMessage.read(record.get());
        Map<String, String> properties = new LinkedHashMap<>(original.properties());
        properties.put(MessageProperties.WAIT, "true");
        MessageToStore copy = RecordCopy.of(original, original.topic(), original.queueId(), properties,
                original.reconsumeTimes() + reconsumeTimes, storeHost);
        redirect.toDeadLetterQueue(copy, key.group());
        return store.putMessage(copy);
    }
}
