package dev.apogee.client.pop;

import dev.apogee.remoting.protocol.pop.ReceiptHandle;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Ack, batch ack and invisible-time changes of {@link PoppedMessage}s, each serialised on its message's handle.
 * Stateless; futures complete on remoting callback threads.
 */
final class PopAcks {
    private final PopApi api;

    PopAcks(PopApi api) {
        this.api = api;
    }

    CompletableFuture<Void> ack(PoppedMessage message) {
        return message.withHandle(handle -> api.ack(message.group(), message.topic(), handle), 0, api.now(), true)
                .thenApply(ignored -> null);
    }

    /**
     * Acks messages with one BATCH_ACK_MESSAGE per broker and subscribed topic; a handle without its queue offset
     * (an old seven-field one) is acked alone.
     */
    CompletableFuture<Void> ackAll(List<PoppedMessage> messages) {
        List<CompletableFuture<?>> sent = new ArrayList<>();
        Map<List<String>, List<CompletableFuture<ReceiptHandle>>> byBroker = new LinkedHashMap<>();
        for (PoppedMessage message : messages) {
            ReceiptHandle current = message.handle();
            if (current.queueOffset() == ReceiptHandle.UNKNOWN_OFFSET) {
                sent.add(ack(message));
                continue;
            }
            byBroker.computeIfAbsent(List.of(current.brokerName(), message.group(), message.topic()),
                    k -> new ArrayList<>()).add(message.seal());
        }
        for (Map.Entry<List<String>, List<CompletableFuture<ReceiptHandle>>> entry : byBroker.entrySet()) {
            List<CompletableFuture<ReceiptHandle>> sealed = entry.getValue();
            List<String> key = entry.getKey();
            sent.add(CompletableFuture.allOf(sealed.stream().map(future -> future.handle((h, e) -> h))
                    .toArray(CompletableFuture[]::new)).thenCompose(ignored -> {
                        // a message already acked or released is left out; the others are still acked
                        List<ReceiptHandle> handles = new ArrayList<>(sealed.size());
                        sealed.stream().filter(future -> !future.isCompletedExceptionally())
                                .forEach(future -> handles.add(future.join()));
                        CompletableFuture<Void> acked = handles.isEmpty() ? CompletableFuture.completedFuture(null)
                                : api.batchAck(key.get(0), key.get(1), key.get(2), handles);
                        return handles.size() == sealed.size() ? acked : acked.thenRun(() -> {
                            throw new IllegalStateException((sealed.size() - handles.size())
                                    + " of the messages were already acked or released");
                        });
                    }));
        }
        return CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new));
    }

    /** Makes the message invisible for {@code millis} from now; completes with the new handle. */
    CompletableFuture<ReceiptHandle> changeInvisibleTime(PoppedMessage message, long millis) {
        return message.withHandle(handle -> api.changeInvisibleTime(message.group(), message.topic(), handle,
                millis), millis, api.now(), false);
    }

    /**
     * Renews the message's invisibility for {@code millis} from now unless it is done or its renewal was stopped
     * (then completes with null, nothing sent); completes with the new handle.
     */
    CompletableFuture<ReceiptHandle> renew(PoppedMessage message, long millis) {
        return message.renewal(handle -> api.changeInvisibleTime(message.group(), message.topic(), handle, millis),
                millis, api.now());
    }

    /** Redelivers the message after {@code delayMillis}; nothing may follow (no renewal). */
    CompletableFuture<Void> nack(PoppedMessage message, long delayMillis) {
        return message.withHandle(handle -> api.changeInvisibleTime(message.group(), message.topic(), handle,
                delayMillis), delayMillis, api.now(), true).thenApply(ignored -> null);
    }

    /**
     * Hands the message back to the group now, as never delivered to an application (an Apogee broker keeps its
     * reconsume count); nothing may follow.
     */
    CompletableFuture<Void> releaseUndelivered(PoppedMessage message) {
        return message.withHandle(handle -> api.releaseUndelivered(message.group(), message.topic(), handle),
                0, api.now(), true).thenApply(ignored -> null);
    }

    /** Hands the message back to the group now (invisible time 0); nothing may follow. */
    CompletableFuture<Void> release(PoppedMessage message) {
        return message.withHandle(handle -> api.changeInvisibleTime(message.group(), message.topic(), handle, 0),
                0, api.now(), true).thenApply(ignored -> null);
    }
}
