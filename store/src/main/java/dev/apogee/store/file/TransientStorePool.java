package dev.apogee.store.file;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * Off-heap write buffers, one commit-log file in size, that appenders write into instead of the mapping; the commit
 * service copies them to the file channel. Borrowed by whichever thread creates a file, returned by the commit thread
 * once the file is fully committed. When the pool is empty a new file simply writes through its mapping.
 */
public final class TransientStorePool {
    private final ConcurrentLinkedDeque<ByteBuffer> available = new ConcurrentLinkedDeque<>();

    public TransientStorePool(int buffers, int fileSize) {
        for (int i = 0; i < buffers; i++) {
            available.add(ByteBuffer.allocateDirect(fileSize));
        }
    }

    /** A buffer, or null when none is free. */
    public ByteBuffer borrow() {
        return available.pollFirst();
    }

    public void giveBack(ByteBuffer buffer) {
        available.offerFirst(buffer.clear());
    }

    public int availableBuffers() {
        return available.size();
    }
}
