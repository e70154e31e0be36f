package dev.apogee.store;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

import dev.apogee.store.record.MessageProperty;
import dev.apogee.store.record.PropertiesCodec;

/**
 * A message handed to {@link MessageStore#putMessage}. Mutable with fluent setters so a caller may reuse one
 * instance as soon as {@code putMessage} returns: the store has copied everything it needs by then.
 *
 * <p>The store sets the IPv6 bits (0x10, 0x20) of SYSFLAG from the host addresses itself; the TAGS hash, KEYS and
 * UNIQ_KEY are read from {@link #properties()}.
 */
public final class MessageToStore {
    private static final InetSocketAddress UNKNOWN = new InetSocketAddress("127.0.0.1", 0);

    private String topic;
    private int queueId;
    private int flag;
    private ByteBuffer body = ByteBuffer.allocate(0);
    private String properties = "";
    private int sysFlag;
    private long bornTimestamp;
    private InetSocketAddress bornHost = UNKNOWN;
    private InetSocketAddress storeHost = UNKNOWN;
    private int reconsumeTimes;
    private long preparedTransactionOffset;
    private boolean nobodyWaits;

    public MessageToStore() {
    }

    public MessageToStore(String topic, int queueId, byte[] body) {
        this.topic = topic;
        this.queueId = queueId;
        this.body = ByteBuffer.wrap(body);
    }

    public String topic() { return topic; }
    public int queueId() { return queueId; }
    public int flag() { return flag; }
    /** The body from position to limit; the store never changes the buffer's position. */
    public ByteBuffer body() { return body; }
    public String properties() { return properties; }
    public int sysFlag() { return sysFlag; }
    public long bornTimestamp() { return bornTimestamp; }
    public InetSocketAddress bornHost() { return bornHost; }
    public InetSocketAddress storeHost() { return storeHost; }
    public int reconsumeTimes() { return reconsumeTimes; }
    public long preparedTransactionOffset() { return preparedTransactionOffset; }

    public MessageToStore topic(String v) { topic = v; return this; }
    public MessageToStore queueId(int v) { queueId = v; return this; }
    public MessageToStore flag(int v) { flag = v; return this; }
    public MessageToStore body(byte[] v) { body = ByteBuffer.wrap(v); return this; }
    public MessageToStore body(ByteBuffer v) { body = v; return this; }
    /** Properties in the {@code name\u0001value\u0002} format; null means none. */
    public MessageToStore properties(String v) { properties = v == null ? "" : v; return this; }
    public MessageToStore sysFlag(int v) { sysFlag = v; return this; }
    public MessageToStore bornTimestamp(long v) { bornTimestamp = v; return this; }
    public MessageToStore bornHost(InetSocketAddress v) { bornHost = v; return this; }
    public MessageToStore storeHost(InetSocketAddress v) { storeHost = v; return this; }
    public MessageToStore reconsumeTimes(int v) { reconsumeTimes = v; return this; }
    public MessageToStore preparedTransactionOffset(long v) { preparedTransactionOffset = v; return this; }

    /** Java {@code String.hashCode()} of the TAGS property, 0 if none. */
    public long tagsCode() {
        return PropertiesCodec.tagsCode(properties);
    }

    /**
     * Marks a message nobody is answered for (a oneway send): its SYNC_FLUSH put completes without waiting for the
     * disk, whatever its WAIT property says. Nothing was acknowledged, and a later answered put's force covers it.
     * The mark stays with this instance: do not reuse a marked instance for a message someone waits for.
     */
    public MessageToStore nobodyWaits() { nobodyWaits = true; return this; }

    /**
     * False when {@link #nobodyWaits} was called or the WAIT property is "false": then a SYNC_FLUSH put completes
     * without waiting for disk.
     */
    public boolean waitStoreMsgOK() {
        if (nobodyWaits) {
            return false;
        }
        String wait = PropertiesCodec.get(properties, MessageProperty.WAIT);
        return wait == null || !"false".equals(wait);
    }
}
