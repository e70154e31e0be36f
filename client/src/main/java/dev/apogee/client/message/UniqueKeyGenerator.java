package dev.apogee.client.message;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Collections;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Generates {@code UNIQ_KEY} client message ids (section 4.6): hex of client IP ‖ pid (int16) ‖ class-loader hash
 * (int32) ‖ ms since the start of the month (int32) ‖ counter (int16). The fixed prefix is computed once.
 *
 * <p>Uniqueness: the counter and the time are drawn together from one atomic sequence, so two ids of this process
 * can only collide after 65,536 ids within the same millisecond <em>and</em> a wrap; in that case the time part is
 * advanced artificially (ids stay unique, the embedded time runs slightly ahead). Thread-safe and lock-free.
 */
public final class UniqueKeyGenerator {
    private static final UniqueKeyGenerator INSTANCE = new UniqueKeyGenerator(localAddress(),
            (int) ProcessHandle.current().pid(), UniqueKeyGenerator.class.getClassLoader().hashCode());

    /** The fixed prefix's hex digits (ASCII), copied at the start of every id. */
    private final byte[] prefix;
    private static final byte[] NO_LEAD = new byte[0];
    private final AtomicLong sequence = new AtomicLong();
    private volatile long monthStart;
    private volatile long nextMonthStart;

    UniqueKeyGenerator(byte[] ip, int pid, int classLoaderHash) {
        ByteBuffer buffer = ByteBuffer.allocate(ip.length + 6);
        buffer.put(ip).putShort((short) pid).putInt(classLoaderHash);
        this.prefix = Hex.encode(buffer.array()).getBytes(StandardCharsets.US_ASCII);
    }

    public static String next() {
        return INSTANCE.nextId(System.currentTimeMillis(), NO_LEAD);
    }

    /**
     * {@code lead} (ASCII bytes, not modified, e.g. JMS's {@code ID:}) followed by a new id, made as one string: a
     * caller that needs both forms takes the id as a substring instead of concatenating a second copy.
     */
    public static String next(byte[] lead) {
        return INSTANCE.nextId(System.currentTimeMillis(), lead);
    }

    String nextId(long nowMillis) {
        return nextId(nowMillis, NO_LEAD);
    }

    private String nextId(long nowMillis, byte[] lead) {
        if (nowMillis >= nextMonthStart) {
            resetMonth(nowMillis);
        }
        long elapsed = nowMillis - monthStart;
        // (elapsed ms << 16 | counter), never going backwards: if the clock did not move on, the counter does.
        long candidate = elapsed << 16;
        long value = sequence.updateAndGet(previous -> Math.max(previous + 1, candidate));
        // written in place: one id per send, so no buffers, char arrays or concatenation on the way
        int at = lead.length + prefix.length;
        byte[] id = new byte[at + 12];
        System.arraycopy(lead, 0, id, 0, lead.length);
        System.arraycopy(prefix, 0, id, lead.length, prefix.length);
        Hex.put(value >>> 16, 8, id, at);
        Hex.put(value, 4, id, at + 8);
        return new String(id, StandardCharsets.US_ASCII);
    }

    private synchronized void resetMonth(long nowMillis) {
        if (nowMillis < nextMonthStart) {
            return;
        }
        ZonedDateTime now = ZonedDateTime.ofInstant(java.time.Instant.ofEpochMilli(nowMillis), ZoneId.systemDefault());
        ZonedDateTime start = now.withDayOfMonth(1).toLocalDate().atStartOfDay(now.getZone());
        monthStart = start.toInstant().toEpochMilli();
        nextMonthStart = start.plusMonths(1).toInstant().toEpochMilli();
        sequence.set(0);
    }

    static byte[] localAddress() {
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (nic.isLoopback() || !nic.isUp()) {
                    continue;
                }
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    if (address instanceof Inet4Address && !address.isLinkLocalAddress()) {
                        return address.getAddress();
                    }
                }
            }
            return InetAddress.getLocalHost().getAddress();
        } catch (SocketException | java.net.UnknownHostException e) {
            return new byte[] {127, 0, 0, 1};
        }
    }

    /** The local IPv4 address used in client ids and message ids, as a dotted string. */
    public static String localIp() {
        byte[] ip = localAddress();
        try {
            return InetAddress.getByAddress(ip).getHostAddress();
        } catch (java.net.UnknownHostException e) {
            return "127.0.0.1";
        }
    }
}
