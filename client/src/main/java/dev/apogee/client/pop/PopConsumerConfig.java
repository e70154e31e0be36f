package dev.apogee.client.pop;

import dev.apogee.client.ClientConfig;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;

/**
 * Settings of a {@link SimpleConsumer} or {@link PopConsumer}. Setters validate at once (a clear
 * {@link IllegalArgumentException}); the consumer copies nothing, so configure before {@code start()}.
 */
public final class PopConsumerConfig {
    /** The official push consumer's pop back-off, seconds, by reconsume count. */
    static final long[] DEFAULT_BACKOFF_MILLIS = {10_000, 30_000, 60_000, 120_000, 180_000, 240_000, 300_000, 360_000,
        420_000, 480_000, 540_000, 600_000, 1_200_000, 1_800_000, 3_600_000, 7_200_000};

    private final String group;
    private final String topic;
    private ClientConfig clientConfig = new ClientConfig();
    private Selector selector = Selector.ALL;
    private boolean order;
    private long invisibleMillis = 60_000;
    private long pollMillis = 15_000;
    private int batchSize = PopApi.MAX_MESSAGES;
    private int consumeThreads = 16;
    private int maxInFlight = 256;
    private long ackBatchMillis = 10;
    private long[] backoffMillis = DEFAULT_BACKOFF_MILLIS;
    private long shutdownAwaitMillis = 10_000;
    private LeaseRenewal leaseRenewal;

    public PopConsumerConfig(String group, String topic) {
        this.group = requireName(group, "consumer group");
        this.topic = requireName(topic, "topic");
    }

    private static String requireName(String name, String what) {
        if (name == null || name.isBlank() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException(what + " must be a non-empty name without spaces, got '" + name + "'");
        }
        return name;
    }

    private static long positive(long value, String what) {
        if (value <= 0) {
            throw new IllegalArgumentException(what + " must be positive, got " + value);
        }
        return value;
    }

    public String getGroup() {
        return group;
    }

    public String getTopic() {
        return topic;
    }

    public ClientConfig getClientConfig() {
        return clientConfig;
    }

    /** Consumers with equal client configs (same instance name) share one client instance and heartbeat. */
    public PopConsumerConfig setClientConfig(ClientConfig clientConfig) {
        this.clientConfig = Objects.requireNonNull(clientConfig, "clientConfig");
        return this;
    }

    public Selector getSelector() {
        return selector;
    }

    public PopConsumerConfig setSelector(Selector selector) {
        this.selector = Objects.requireNonNull(selector, "selector");
        return this;
    }

    public boolean isOrder() {
        return order;
    }

    /** Orderly: pops queue by queue, each queue's batch consumed in order before the queue is popped again. */
    public PopConsumerConfig setOrder(boolean order) {
        this.order = order;
        return this;
    }

    public long getInvisibleMillis() {
        return invisibleMillis;
    }

    /** How long a popped message stays invisible; a push consumer renews it while its listener runs. */
    public PopConsumerConfig setInvisibleTime(Duration invisible) {
        long millis = invisible.toMillis();
        if (millis < PopApi.MIN_INVISIBLE_MILLIS || millis > PopApi.MAX_INVISIBLE_MILLIS) {
            throw new IllegalArgumentException("invisible time must be " + PopApi.MIN_INVISIBLE_MILLIS + ".."
                    + PopApi.MAX_INVISIBLE_MILLIS + " ms, got " + millis);
        }
        this.invisibleMillis = millis;
        return this;
    }

    public long getPollMillis() {
        return pollMillis;
    }

    /** How long a push consumer's pop waits on the broker for a message (long polling). */
    public PopConsumerConfig setPollTime(Duration poll) {
        this.pollMillis = positive(poll.toMillis(), "poll time");
        return this;
    }

    public int getBatchSize() {
        return batchSize;
    }

    public PopConsumerConfig setBatchSize(int batchSize) {
        if (batchSize < 1 || batchSize > PopApi.MAX_MESSAGES) {
            throw new IllegalArgumentException("batch size must be 1.." + PopApi.MAX_MESSAGES + ", got " + batchSize);
        }
        this.batchSize = batchSize;
        return this;
    }

    public int getConsumeThreads() {
        return consumeThreads;
    }

    public PopConsumerConfig setConsumeThreads(int consumeThreads) {
        this.consumeThreads = (int) positive(consumeThreads, "consume threads");
        return this;
    }

    public int getMaxInFlight() {
        return maxInFlight;
    }

    /** Messages a push consumer holds at most (popped and not yet acked or released). */
    public PopConsumerConfig setMaxInFlight(int maxInFlight) {
        this.maxInFlight = (int) positive(maxInFlight, "max in-flight messages");
        return this;
    }

    public long getAckBatchMillis() {
        return ackBatchMillis;
    }

    /** How long a push consumer gathers acks into one BATCH_ACK_MESSAGE. */
    public PopConsumerConfig setAckBatchTime(Duration time) {
        this.ackBatchMillis = positive(time.toMillis(), "ack batch time");
        return this;
    }

    /** The delay of a message whose listener asked for a retry, by its reconsume count (last entry repeats). */
    public long backoffMillis(int reconsumeTimes) {
        return backoffMillis[Math.min(Math.max(reconsumeTimes, 0), backoffMillis.length - 1)];
    }

    public PopConsumerConfig setBackoff(Duration... delays) {
        if (delays.length == 0) {
            throw new IllegalArgumentException("back-off needs at least one delay");
        }
        long[] millis = Arrays.stream(delays).mapToLong(Duration::toMillis).toArray();
        for (long delay : millis) {
            if (delay < PopApi.MIN_INVISIBLE_MILLIS) {
                throw new IllegalArgumentException("back-off delays must be at least " + PopApi.MIN_INVISIBLE_MILLIS
                        + " ms, got " + delay);
            }
        }
        this.backoffMillis = millis;
        return this;
    }

    public long getShutdownAwaitMillis() {
        return shutdownAwaitMillis;
    }

    /** How long shutdown waits for running listeners before releasing their messages anyway. */
    public PopConsumerConfig setShutdownAwait(Duration await) {
        this.shutdownAwaitMillis = positive(await.toMillis(), "shutdown await");
        return this;
    }

    public LeaseRenewal getLeaseRenewal() {
        return leaseRenewal;
    }

    /**
     * A {@link SimpleConsumer} hands every message it receives to {@code renewal}, which keeps it invisible until it
     * is acked, released, its renewal stopped or the consumer closed (null, the default: nothing is renewed, a
     * message held past its invisible time is due again). A {@link PopConsumer} always renews with its own.
     */
    public PopConsumerConfig setLeaseRenewal(LeaseRenewal renewal) {
        this.leaseRenewal = renewal;
        return this;
    }
}
