package dev.apogee.remoting.protocol;

import java.nio.ByteBuffer;

/**
 * A request body written straight into the outgoing frame when the command is encoded (on the event loop), instead
 * of being built as arrays first and copied: a producer's batch of messages goes from the messages into the
 * connection's pooled buffer in one copy. Set with {@link RemotingCommand#bodyWriter}; what it reads must not change
 * until the command was written, and it may be written more than once (a retry, a signature).
 */
public interface BodyWriter {
    /** The exact number of bytes {@link #writeTo} writes. */
    int length();

    /**
     * Writes exactly {@link #length()} bytes at {@code out}'s position, advancing it. {@code out} (heap or direct)
     * has at least that much room.
     */
    void writeTo(ByteBuffer out);
}
