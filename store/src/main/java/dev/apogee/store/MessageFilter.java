package dev.apogee.store;

import java.nio.ByteBuffer;

/**
 * Server-side filter applied by {@link MessageStore#getMessages}: first on the consume-queue tag hash, then (only for
 * entries that pass) on the stored record. Called on the pulling thread; must not keep the buffer.
 */
@FunctionalInterface
public interface MessageFilter {
    /** Accepts everything. */
    MessageFilter ALL = tagsCode -> true;

    boolean matchesTagsCode(long tagsCode);

    /** Hook for property (SQL92) filtering; {@code storedRecord} is a read-only slice of one whole record. */
    default boolean matchesProperties(ByteBuffer storedRecord) {
        return true;
    }
}
