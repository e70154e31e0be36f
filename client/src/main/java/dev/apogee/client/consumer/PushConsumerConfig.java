package dev.apogee.client.consumer;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.rebalance.AllocateAveragely;
import dev.apogee.client.rebalance.AllocateStrategy;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.MessageModel;

import java.nio.file.Path;
import java.nio.file.Paths;

/** Settings of a {@link PushConsumer}; defaults are the official 5.3.3 client's unless stated. */
public final class PushConsumerConfig {
    private final String group;
    private ClientConfig clientConfig = new ClientConfig();
    private MessageModel messageModel = MessageModel.CLUSTERING;
    private ConsumeFromWhere consumeFromWhere = ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET;
    private long consumeTimestamp = System.currentTimeMillis() - 30 * 60_000L;
    private AllocateStrategy allocateStrategy = new AllocateAveragely();
    private int consumeThreads = 8;
    private int consumeBatchSize = 1;
    private int pullBatchSize = 32;
    private int maxCachedMessagesPerQueue = 1_000;
    private int maxCachedMebibytesPerQueue = 100;
    private int maxOffsetSpan = 2_000;
    private int maxReconsumeTimes = -1;
    private long suspendMillis = 15_000;
    private long pullTimeoutMillis = 30_000;
    private long orderlySuspendMillis = 1_000;
    private long shutdownAwaitMillis = 10_000;
    private Path offsetStoreDir = Paths.get(System.getProperty("user.home"), ".rocketmq_offsets");

    public PushConsumerConfig(String group) {
        this.group = group;
    }

    public String getGroup() {
        return group;
    }

    public ClientConfig getClientConfig() {
        return clientConfig;
    }

    public PushConsumerConfig setClientConfig(ClientConfig clientConfig) {
        this.clientConfig = clientConfig;
        return this;
    }

    public MessageModel getMessageModel() {
        return messageModel;
    }

    public PushConsumerConfig setMessageModel(MessageModel messageModel) {
        this.messageModel = messageModel;
        return this;
    }

    public ConsumeFromWhere getConsumeFromWhere() {
        return consumeFromWhere;
    }

    /** Where a group without committed offsets starts. */
    public PushConsumerConfig setConsumeFromWhere(ConsumeFromWhere consumeFromWhere) {
        this.consumeFromWhere = consumeFromWhere;
        return this;
    }

    public long getConsumeTimestamp() {
        return consumeTimestamp;
    }

    public PushConsumerConfig setConsumeTimestamp(long consumeTimestamp) {
        this.consumeTimestamp = consumeTimestamp;
        return this;
    }

    public AllocateStrategy getAllocateStrategy() {
        return allocateStrategy;
    }

    public PushConsumerConfig setAllocateStrategy(AllocateStrategy allocateStrategy) {
        this.allocateStrategy = allocateStrategy;
        return this;
    }

    /** Size of the fixed consume pool (official: 20; smaller here by default). */
    public int getConsumeThreads() {
        return consumeThreads;
    }

    public PushConsumerConfig setConsumeThreads(int consumeThreads) {
        this.consumeThreads = consumeThreads;
        return this;
    }

    public int getConsumeBatchSize() {
        return consumeBatchSize;
    }

    public PushConsumerConfig setConsumeBatchSize(int consumeBatchSize) {
        this.consumeBatchSize = consumeBatchSize;
        return this;
    }

    public int getPullBatchSize() {
        return pullBatchSize;
    }

    public PushConsumerConfig setPullBatchSize(int pullBatchSize) {
        this.pullBatchSize = pullBatchSize;
        return this;
    }

    public int getMaxCachedMessagesPerQueue() {
        return maxCachedMessagesPerQueue;
    }

    /** Flow control: pulling a queue pauses while this many of its messages are in flight. */
    public PushConsumerConfig setMaxCachedMessagesPerQueue(int max) {
        this.maxCachedMessagesPerQueue = max;
        return this;
    }

    public int getMaxCachedMebibytesPerQueue() {
        return maxCachedMebibytesPerQueue;
    }

    /** Flow control: pulling a queue pauses while its in-flight bodies take this many MiB. */
    public PushConsumerConfig setMaxCachedMebibytesPerQueue(int max) {
        this.maxCachedMebibytesPerQueue = max;
        return this;
    }

    public int getMaxOffsetSpan() {
        return maxOffsetSpan;
    }

    public PushConsumerConfig setMaxOffsetSpan(int maxOffsetSpan) {
        this.maxOffsetSpan = maxOffsetSpan;
        return this;
    }

    /** Redeliveries before the broker moves a message to the DLQ; -1 = 16 (concurrent) or unlimited (orderly). */
    public int getMaxReconsumeTimes() {
        return maxReconsumeTimes;
    }

    public PushConsumerConfig setMaxReconsumeTimes(int maxReconsumeTimes) {
        this.maxReconsumeTimes = maxReconsumeTimes;
        return this;
    }

    public long getSuspendMillis() {
        return suspendMillis;
    }

    public PushConsumerConfig setSuspendMillis(long suspendMillis) {
        this.suspendMillis = suspendMillis;
        return this;
    }

    public long getPullTimeoutMillis() {
        return pullTimeoutMillis;
    }

    public PushConsumerConfig setPullTimeoutMillis(long pullTimeoutMillis) {
        this.pullTimeoutMillis = pullTimeoutMillis;
        return this;
    }

    public long getOrderlySuspendMillis() {
        return orderlySuspendMillis;
    }

    public PushConsumerConfig setOrderlySuspendMillis(long orderlySuspendMillis) {
        this.orderlySuspendMillis = orderlySuspendMillis;
        return this;
    }

    public long getShutdownAwaitMillis() {
        return shutdownAwaitMillis;
    }

    /** At shutdown, how long queued consume tasks may still finish (and advance offsets). */
    public PushConsumerConfig setShutdownAwaitMillis(long shutdownAwaitMillis) {
        this.shutdownAwaitMillis = shutdownAwaitMillis;
        return this;
    }

    public Path getOffsetStoreDir() {
        return offsetStoreDir;
    }

    /** Broadcasting: where the local offset files live ({@code <dir>/<clientId>/<group>/offsets.json}). */
    public PushConsumerConfig setOffsetStoreDir(Path offsetStoreDir) {
        this.offsetStoreDir = offsetStoreDir;
        return this;
    }
}
