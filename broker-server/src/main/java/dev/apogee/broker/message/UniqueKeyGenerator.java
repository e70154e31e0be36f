package dev.apogee.broker.message;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Generates a UNIQ_KEY for messages that arrive without one (old or non-Java clients), in the client's layout:
 * host IP, pid (16 bits), a per-process random int, seconds-resolution time and a counter. Thread-safe.
 */
public final class UniqueKeyGenerator {
    private final byte[] prefix;
    private final AtomicInteger counter = new AtomicInteger();

    public UniqueKeyGenerator(InetSocketAddress host) {
        byte[] ip = host.getAddress().getAddress();
        ByteBuffer buffer = ByteBuffer.allocate(ip.length + 2 + 4);
        buffer.put(ip).putShort((short) ProcessHandle.current().pid()).putInt(System.identityHashCode(this));
        this.prefix = buffer.array();
    }

    public String next() {
        ByteBuffer buffer = ByteBuffer.allocate(prefix.length + 4 + 2);
        buffer.put(prefix).putInt((int) (System.currentTimeMillis() / 1000)).putShort((short) counter.getAndIncrement());
        return OffsetMessageId.hex(buffer.array());
    }
}
