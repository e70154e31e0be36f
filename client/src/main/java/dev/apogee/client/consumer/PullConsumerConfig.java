package dev.apogee.client.consumer;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.rebalance.AllocateAveragely;
import dev.apogee.client.rebalance.AllocateStrategy;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.Objects;
import java.util.function.Consumer;

/** Settings of a {@link PullConsumer}; defaults follow the official lite pull consumer. */
public final class PullConsumerConfig {
    private final String group;
    private ClientConfig clientConfig = new ClientConfig();
    private boolean autoCommit = true;
    private long autoCommitIntervalMillis = 5_000;
    private int pullBatchSize = 32;
    private int maxBufferedPerQueue = 1_000;
    private int maxPollRecords = 1_000;
    private ConsumeFromWhere consumeFromWhere = ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET;
    private long consumeTimestamp = System.currentTimeMillis() - 30 * 60_000L;
    private AllocateStrategy allocateStrategy = new AllocateAveragely();
    private long suspendMillis = 20_000;
    private long pullTimeoutMillis = 30_000;
    private Consumer<MessageQueue> beforeQueueReleased = queue -> { };

    public PullConsumerConfig(String group) {
        this.group = group;
    }

    public String getGroup() {
        return group;
    }

    public ClientConfig getClientConfig() {
        return clientConfig;
    }

    public PullConsumerConfig setClientConfig(ClientConfig clientConfig) {
        this.clientConfig = clientConfig;
        return this;
    }

    public boolean isAutoCommit() {
        return autoCommit;
    }

    /** Auto commit: messages returned by a poll count as processed at the next poll and are committed periodically. */
    public PullConsumerConfig setAutoCommit(boolean autoCommit) {
        this.autoCommit = autoCommit;
        return this;
    }

    public long getAutoCommitIntervalMillis() {
        return autoCommitIntervalMillis;
    }

    public PullConsumerConfig setAutoCommitIntervalMillis(long millis) {
        this.autoCommitIntervalMillis = millis;
        return this;
    }

    public int getPullBatchSize() {
        return pullBatchSize;
    }

    public PullConsumerConfig setPullBatchSize(int pullBatchSize) {
        this.pullBatchSize = pullBatchSize;
        return this;
    }

    public int getMaxBufferedPerQueue() {
        return maxBufferedPerQueue;
    }

    /** Pulling of a queue pauses while this many of its messages wait to be polled. */
    public PullConsumerConfig setMaxBufferedPerQueue(int max) {
        this.maxBufferedPerQueue = max;
        return this;
    }

    public int getMaxPollRecords() {
        return maxPollRecords;
    }

    public PullConsumerConfig setMaxPollRecords(int maxPollRecords) {
        this.maxPollRecords = maxPollRecords;
        return this;
    }

    public ConsumeFromWhere getConsumeFromWhere() {
        return consumeFromWhere;
    }

    public PullConsumerConfig setConsumeFromWhere(ConsumeFromWhere consumeFromWhere) {
        this.consumeFromWhere = consumeFromWhere;
        return this;
    }

    public long getConsumeTimestamp() {
        return consumeTimestamp;
    }

    public PullConsumerConfig setConsumeTimestamp(long consumeTimestamp) {
        this.consumeTimestamp = consumeTimestamp;
        return this;
    }

    public AllocateStrategy getAllocateStrategy() {
        return allocateStrategy;
    }

    public PullConsumerConfig setAllocateStrategy(AllocateStrategy allocateStrategy) {
        this.allocateStrategy = allocateStrategy;
        return this;
    }

    public long getSuspendMillis() {
        return suspendMillis;
    }

    public PullConsumerConfig setSuspendMillis(long suspendMillis) {
        this.suspendMillis = suspendMillis;
        return this;
    }

    public long getPullTimeoutMillis() {
        return pullTimeoutMillis;
    }

    public PullConsumerConfig setPullTimeoutMillis(long pullTimeoutMillis) {
        this.pullTimeoutMillis = pullTimeoutMillis;
        return this;
    }

    public Consumer<MessageQueue> getBeforeQueueReleased() {
        return beforeQueueReleased;
    }

    /**
     * Called when this consumer is about to give up a queue (rebalance hands it to another member of the group, on the
     * rebalance thread; or {@code assign} drops it; or shutdown), while it still owns it, so its commits of the queue
     * are still taken. A consumer that commits positions itself (auto commit off) stores what it has consumed here,
     * so the queue's new owner does not deliver it again. With auto commit the consumer commits the queue's consumed
     * offset itself, after this.
     */
    public PullConsumerConfig setBeforeQueueReleased(Consumer<MessageQueue> hook) {
        this.beforeQueueReleased = Objects.requireNonNull(hook, "hook");
        return this;
    }
}
