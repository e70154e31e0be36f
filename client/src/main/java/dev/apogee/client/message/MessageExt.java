package dev.apogee.client.message;

/**
 * A message as stored by the broker and delivered to consumers: the {@link Message} plus the record fields of
 * section 4.1 (queue, offsets, hosts, times, reconsume count). {@link #getMsgId()} is the client message id
 * ({@code UNIQ_KEY}) when present, else the offset message id.
 */
public class MessageExt extends Message {
    private String brokerName;
    private int queueId;
    private int storeSize;
    private long queueOffset;
    private int sysFlag;
    private long bornTimestamp;
    private String bornHost;
    /** Raw born/store addresses of a decoded record: formatted into the host strings and id only when asked for. */
    private byte[] bornIp;
    private int bornPort;
    private byte[] storeIp;
    private int storePort;
    private long storeTimestamp;
    private String storeHost;
    private String offsetMsgId;
    private long commitLogOffset;
    private int bodyCrc;
    private int reconsumeTimes;
    private long preparedTransactionOffset;
    private boolean redelivered;

    public String getMsgId() {
        String uniq = getProperty(MessageConst.UNIQ_KEY);
        return uniq != null ? uniq : getOffsetMsgId();
    }

    public String getBrokerName() {
        return brokerName;
    }

    public void setBrokerName(String brokerName) {
        this.brokerName = brokerName;
    }

    public int getQueueId() {
        return queueId;
    }

    public void setQueueId(int queueId) {
        this.queueId = queueId;
    }

    public int getStoreSize() {
        return storeSize;
    }

    public void setStoreSize(int storeSize) {
        this.storeSize = storeSize;
    }

    public long getQueueOffset() {
        return queueOffset;
    }

    public void setQueueOffset(long queueOffset) {
        this.queueOffset = queueOffset;
    }

    public int getSysFlag() {
        return sysFlag;
    }

    public void setSysFlag(int sysFlag) {
        this.sysFlag = sysFlag;
    }

    public long getBornTimestamp() {
        return bornTimestamp;
    }

    public void setBornTimestamp(long bornTimestamp) {
        this.bornTimestamp = bornTimestamp;
    }

    /** {@code ip:port} of the producer as the broker saw it. */
    public String getBornHost() {
        if (bornHost == null && bornIp != null) {
            bornHost = MessageDecoder.address(bornIp, bornPort);
        }
        return bornHost;
    }

    public void setBornHost(String bornHost) {
        this.bornHost = bornHost;
        this.bornIp = null;
    }

    /** The producer's address as stored (4 or 16 IP bytes and a port); the host string is built when first read. */
    public void setBornAddress(byte[] ip, int port) {
        this.bornHost = null;
        this.bornIp = ip;
        this.bornPort = port;
    }

    public long getStoreTimestamp() {
        return storeTimestamp;
    }

    public void setStoreTimestamp(long storeTimestamp) {
        this.storeTimestamp = storeTimestamp;
    }

    /** {@code ip:port} of the broker that stored the message. */
    public String getStoreHost() {
        if (storeHost == null && storeIp != null) {
            storeHost = MessageDecoder.address(storeIp, storePort);
        }
        return storeHost;
    }

    public void setStoreHost(String storeHost) {
        this.storeHost = storeHost;
    }

    /**
     * The storing broker's address as stored (4 or 16 IP bytes and a port); the host string and the offset message
     * id (which also needs the commit-log offset) are built when first read.
     */
    public void setStoreAddress(byte[] ip, int port) {
        this.storeHost = null;
        this.offsetMsgId = null;
        this.storeIp = ip;
        this.storePort = port;
    }

    public String getOffsetMsgId() {
        if (offsetMsgId == null && storeIp != null) {
            offsetMsgId = OffsetMessageId.encode(storeIp, storePort, commitLogOffset);
        }
        return offsetMsgId;
    }

    public void setOffsetMsgId(String offsetMsgId) {
        this.offsetMsgId = offsetMsgId;
    }

    public long getCommitLogOffset() {
        return commitLogOffset;
    }

    public void setCommitLogOffset(long commitLogOffset) {
        this.commitLogOffset = commitLogOffset;
    }

    public int getBodyCrc() {
        return bodyCrc;
    }

    public void setBodyCrc(int bodyCrc) {
        this.bodyCrc = bodyCrc;
    }

    public int getReconsumeTimes() {
        return reconsumeTimes;
    }

    public void setReconsumeTimes(int reconsumeTimes) {
        this.reconsumeTimes = reconsumeTimes;
    }

    public long getPreparedTransactionOffset() {
        return preparedTransactionOffset;
    }

    public void setPreparedTransactionOffset(long preparedTransactionOffset) {
        this.preparedTransactionOffset = preparedTransactionOffset;
    }

    /**
     * True when the broker said its consumer group was handed this message before (an Apogee broker's
     * {@code redeliveredBelow} pull field): a consumer closed or died without committing it. Never set for messages
     * from an Apache broker, which has no such field; {@link #getReconsumeTimes()} counts only send-backs.
     */
    public boolean isRedelivered() {
        return redelivered;
    }

    public void setRedelivered(boolean redelivered) {
        this.redelivered = redelivered;
    }

    @Override
    public String toString() {
        return "MessageExt[topic=" + getTopic() + ", brokerName=" + brokerName + ", queueId=" + queueId
                + ", queueOffset=" + queueOffset + ", msgId=" + getMsgId() + ", reconsumeTimes=" + reconsumeTimes
                + ", properties=" + getProperties() + "]";
    }
}
