package dev.apogee.store;

/**
 * Told about every consume-queue entry right after it is written. Called on the store's dispatch thread
 * ({@code apogee-store-reput}) for every message, so it must be quick and must not block (the broker's long-polling
 * wake-up hooks in here); exceptions are caught and counted.
 */
@FunctionalInterface
public interface DispatchListener {
    void onDispatched(String topic, int queueId, long queueOffsetNext, long tagsCode, long storeTimestamp);
}
