package dev.apogee.client.pop;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.MQClientException;
import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Push-style pop consumer: keeps one long-polling pop outstanding per master broker of the topic (per queue when
 * orderly) while it holds fewer than {@code maxInFlight} messages, runs the {@link PopListener} on a bounded pool,
 * acks in batches, renews the invisibility of messages whose listener is slow, nacks with a back-off, and on
 * {@link #shutdown()} stops popping, lets running listeners finish and hands every unfinished message back to the
 * group at once (invisible time 0) instead of letting it sit until its deadline.
 * <p>Threads: the scheduler thread ({@code apogee-pop-<group>-scheduler}) issues pops, ack batches and renewals;
 * remoting callback threads complete pops and queue their messages on the consume pool
 * ({@code apogee-pop-<group>-consume-N}). {@code lanes} (targets with a pop outstanding) is a concurrent set written
 * by both; {@code running} is volatile.
 */
public final class PopConsumer {
    private static final Logger LOG = LoggerFactory.getLogger(PopConsumer.class);
    private static final long IDLE_RETRY_MILLIS = 1_000;

    private final PopConsumerConfig config;
    private final PopListener listener;
    private final Set<String> lanes = ConcurrentHashMap.newKeySet();
    private volatile boolean running;
    private ClientInstance instance;
    private PopGroupMember member;
    private PopApi api;
    private PopTargets targets;
    private InFlight inFlight;
    private AckBatcher batcher;
    private ConsumeTasks tasks;
    private ScheduledExecutorService scheduler;
    private ThreadPoolExecutor pool;

    public PopConsumer(PopConsumerConfig config, PopListener listener) {
        this.config = config;
        this.listener = java.util.Objects.requireNonNull(listener, "listener");
    }

    public synchronized void start() throws MQClientException, InterruptedException {
        if (instance != null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "pop consumer already started");
        }
        ClientInstance acquired = ClientInstance.acquire(config.getClientConfig());
        try {
            targets = new PopTargets(acquired.routes(), config.getTopic());
            targets.load();
            member = PopGroupMember.join(acquired, config.getGroup(), config.getTopic(), config.getSelector());
        } catch (MQClientException | InterruptedException | RuntimeException e) {
            acquired.release();
            throw e;
        }
        instance = acquired;
        api = new PopApi(acquired.rpc(), acquired.routes(), acquired.config().getRpcTimeoutMillis(),
                acquired.config().getClock());
        PopAcks acks = new PopAcks(api);
        inFlight = new InFlight(config.getMaxInFlight(), acks, config.getInvisibleMillis(),
                acquired.config().getClock());
        batcher = new AckBatcher(acks, inFlight::settled);
        tasks = new ConsumeTasks(listener, config, acks, batcher, inFlight);
        String prefix = "apogee-pop-" + config.getGroup();
        pool = new ThreadPoolExecutor(config.getConsumeThreads(), config.getConsumeThreads(), 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(config.getMaxInFlight()), new NamedThreadFactory(prefix + "-consume", true));
        scheduler = Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory(prefix + "-scheduler", true));
        running = true;
        scheduler.scheduleWithFixedDelay(this::popRoundSafely, 0, IDLE_RETRY_MILLIS, TimeUnit.MILLISECONDS);
        scheduler.scheduleWithFixedDelay(() -> batcher.flush(), config.getAckBatchMillis(),
                config.getAckBatchMillis(), TimeUnit.MILLISECONDS);
        long renewCheck = Math.max(100, config.getInvisibleMillis() / 10);
        scheduler.scheduleWithFixedDelay(this::renewSafely, renewCheck, renewCheck, TimeUnit.MILLISECONDS);
        LOG.info("pop consumer of group {} on topic {} started in client {}", config.getGroup(), config.getTopic(),
                acquired.clientId());
    }

    /** Messages held right now (popped, not yet settled). */
    public int inFlightCount() {
        InFlight held = inFlight;
        return held == null ? 0 : held.size();
    }

    private void popRoundSafely() {
        try {
            popRound();
        } catch (Throwable t) {
            LOG.warn("pop round of group {} failed", config.getGroup(), t);
        }
    }

    private void renewSafely() {
        try {
            inFlight.renew();
        } catch (Throwable t) {
            LOG.warn("invisible time renewal of group {} failed", config.getGroup(), t);
        }
    }

    /** Sends a pop to every target without one outstanding, as far as the in-flight limit allows. */
    private void popRound() {
        if (!running) {
            return;
        }
        if (config.isOrder()) {
            for (MessageQueue queue : targets.readableQueues()) {
                popLane(queue.brokerName() + "@" + queue.queueId(), queue.brokerName(), queue.queueId());
            }
        } else {
            for (String broker : targets.brokers()) {
                popLane(broker, broker, -1);
            }
        }
    }

    private void popLane(String lane, String broker, int queueId) {
        if (!running || !lanes.add(lane)) {
            return;
        }
        int slots = inFlight.reserve(config.getBatchSize());
        if (slots == 0) {
            lanes.remove(lane);
            return;
        }
        PopRequest request = new PopRequest(config.getGroup(), config.getTopic(), broker, queueId, slots,
                config.getInvisibleMillis(), config.getPollMillis(), config.getSelector(), config.isOrder());
        api.pop(request).whenComplete((result, error) -> {
            int used = 0;
            boolean again = false;
            if (error != null) {
                LOG.warn("pop from {} for group {} failed: {}", broker, config.getGroup(), error.toString());
            } else {
                used = result.messages().size();
                dispatch(lane, result.messages());
                again = true;
            }
            inFlight.unreserve(slots - used);
            if (!config.isOrder() || used == 0) {
                lanes.remove(lane);
            }
            if (again && running) {
                // long polling already waited on the broker: pop again at once, on the scheduler thread
                submit(() -> popLane(lane, broker, queueId));
            }
        });
    }

    private void dispatch(String lane, List<PoppedMessage> messages) {
        if (messages.isEmpty()) {
            return;
        }
        messages.forEach(inFlight::hold);
        if (!running) {
            inFlight.releaseAll();
            return;
        }
        try {
            if (config.isOrder()) {
                pool.execute(() -> {
                    try {
                        tasks.consumeInOrder(messages);
                    } finally {
                        lanes.remove(lane);
                        submit(this::popRound);
                    }
                });
            } else {
                for (PoppedMessage message : messages) {
                    pool.execute(() -> tasks.consume(message));
                }
            }
        } catch (RejectedExecutionException e) {
            // shutting down: shutdown() releases whatever is still held
            LOG.debug("consume pool of group {} closed", config.getGroup());
        }
    }

    private void submit(Runnable task) {
        try {
            scheduler.execute(task);
        } catch (RejectedExecutionException e) {
            LOG.debug("pop scheduler of group {} closed", config.getGroup());
        }
    }

    /** Waits (bounded by a poll time plus the RPC timeout) for long-polling pops still on the brokers. */
    private void awaitOutstandingPops() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(config.getPollMillis()
                + instance.config().getRpcTimeoutMillis());
        while (!lanes.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    /**
     * Stops popping, waits up to the shutdown await time for running listeners, sends their acks, hands every
     * message not consumed back to the group (invisible time 0), leaves the group and releases the client instance.
     */
    public synchronized void shutdown() throws InterruptedException {
        if (instance == null) {
            return;
        }
        running = false;
        pool.shutdown();
        boolean finished = pool.awaitTermination(config.getShutdownAwaitMillis(), TimeUnit.MILLISECONDS);
        if (!finished) {
            LOG.warn("listeners of group {} still running after {} ms; releasing their messages",
                    config.getGroup(), config.getShutdownAwaitMillis());
        }
        awaitOutstandingPops();
        scheduler.shutdown();
        scheduler.awaitTermination(5, TimeUnit.SECONDS);
        long timeout = instance.config().getRpcTimeoutMillis() + 1_000;
        List<java.util.concurrent.CompletableFuture<Void>> last = new ArrayList<>();
        last.add(batcher.flush());
        // released before interrupting the listeners still running: a listener failing on the interrupt must not
        // nack its message with a back-off (the release marks it done, so its ack or nack is refused)
        last.add(inFlight.releaseAll());
        if (!finished) {
            pool.shutdownNow();
        }
        try {
            java.util.concurrent.CompletableFuture.allOf(last.toArray(java.util.concurrent.CompletableFuture[]::new))
                    .get(timeout, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("final acks / releases of group {} incomplete: {}", config.getGroup(), e.toString());
        }
        member.leave(config.getTopic(), config.getSelector());
        instance.release();
        instance = null;
        LOG.info("pop consumer of group {} shut down", config.getGroup());
    }
}
