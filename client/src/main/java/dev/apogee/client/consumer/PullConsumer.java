package dev.apogee.client.consumer;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.ConsumerMember;
import dev.apogee.client.MQClientException;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.offset.OffsetApi;
import dev.apogee.client.offset.OffsetStore;
import dev.apogee.client.offset.RemoteOffsetStore;
import dev.apogee.client.offset.StartOffset;
import dev.apogee.client.rebalance.GroupMembers;
import dev.apogee.client.rebalance.QueueOwner;
import dev.apogee.client.rebalance.Rebalancer;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.ConsumeType;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.MessageModel;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A poll-style consumer (like Kafka's, or the official lite pull consumer): {@link #subscribe} (queues assigned by
 * rebalance within the group) or {@link #assign} (queues chosen by the application), {@link #poll}, {@link #seek},
 * auto or manual commit. Messages are pulled in the background into a bounded buffer per queue.
 *
 * <p>{@code poll}, {@code seek} and {@code commit*} are meant for one application thread; the rest is internal.
 */
public final class PullConsumer implements ConsumerMember, QueueOwner, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PullConsumer.class);

    private final PullConsumerConfig config;
    private final Map<String, SubscriptionData> subscriptions = new ConcurrentHashMap<>();
    private final Map<MessageQueue, AssignedQueue> queues = new ConcurrentHashMap<>();
    private final BlockingQueue<LitePullLoop.Batch> ready = new LinkedBlockingQueue<>();
    private volatile ClientInstance instance;
    private volatile OffsetApi offsetApi;
    private volatile OffsetStore offsets;
    private volatile LitePullLoop loop;
    private volatile Rebalancer rebalancer;
    private volatile boolean assignMode;
    private long lastAutoCommit;

    public PullConsumer(PullConsumerConfig config) {
        this.config = config;
    }

    public synchronized void start() throws MQClientException, InterruptedException {
        if (instance != null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "consumer already started");
        }
        ClientInstance acquired = ClientInstance.acquire(config.getClientConfig());
        offsetApi = new OffsetApi(acquired.rpc(), acquired.routes());
        offsets = new RemoteOffsetStore(config.getGroup(), offsetApi);
        loop = new LitePullLoop(config, acquired.pullService(), new PullApi(acquired.rpc(), acquired.routes()),
                this::subscriptionOf, ready);
        rebalancer = new Rebalancer(config.getGroup(), acquired.clientId(), MessageModel.CLUSTERING,
                config.getAllocateStrategy(), acquired.routes(),
                new GroupMembers(acquired.rpc(), acquired.config().getRpcTimeoutMillis()), this);
        try {
            acquired.registerConsumer(this);
        } catch (MQClientException e) {
            acquired.release();
            throw e;
        }
        instance = acquired;
        lastAutoCommit = System.currentTimeMillis();
        if (!subscriptions.isEmpty()) {
            announce();
        }
    }

    /** Subscribes to {@code topic} with a TAG expression ({@code *}, {@code TagA || TagB}). */
    public void subscribe(String topic, String expression) throws MQClientException, InterruptedException {
        subscribe(topic, expression, ExpressionType.TAG);
    }

    /** Subscribes with an expression of the given type (TAG or SQL92). */
    public void subscribe(String topic, String expression, String expressionType)
            throws MQClientException, InterruptedException {
        if (assignMode) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "subscribe and assign cannot be mixed");
        }
        subscriptions.put(topic, SubscriptionData.buildSubscriptionData(topic, expression, expressionType,
                System.currentTimeMillis()));
        if (instance != null) {
            announce();
        }
    }

    private void announce() throws MQClientException, InterruptedException {
        for (String topic : subscriptions.keySet()) {
            running().routes().get(topic);
        }
        running().heartbeat().sendToAll();
        running().rebalanceService().wakeup();
    }

    /** Consumes exactly {@code assigned} (no rebalance); each new queue starts at its committed offset. */
    public synchronized void assign(Collection<MessageQueue> assigned) throws MQClientException, InterruptedException {
        if (!subscriptions.isEmpty()) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "subscribe and assign cannot be mixed");
        }
        running();
        assignMode = true;
        for (MessageQueue queue : new ArrayList<>(queues.keySet())) {
            if (!assigned.contains(queue)) {
                removeQueue(queue);
            }
        }
        for (MessageQueue queue : assigned) {
            if (!queues.containsKey(queue)) {
                startQueue(queue, StartOffset.compute(queue, offsets, offsetApi, config.getConsumeFromWhere(),
                        config.getConsumeTimestamp()));
            }
        }
    }

    /** Waits up to {@code timeoutMillis} for messages; returns what arrived (possibly nothing). */
    public List<MessageExt> poll(long timeoutMillis) throws InterruptedException {
        maybeAutoCommit();
        List<MessageExt> out = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (out.isEmpty()) {
            long left = deadline - System.nanoTime();
            LitePullLoop.Batch batch = left > 0 ? ready.poll(left, TimeUnit.NANOSECONDS) : ready.poll();
            if (batch == null) {
                break;
            }
            take(batch, out);
            while (out.size() < config.getMaxPollRecords() && (batch = ready.poll()) != null) {
                take(batch, out);
            }
        }
        return out;
    }

    private void take(LitePullLoop.Batch batch, List<MessageExt> out) {
        AssignedQueue queue = batch.queue();
        queue.buffered.addAndGet(-batch.messages().size());
        loop.resume(queue);
        synchronized (queue) {
            if (queue.dropped || queue.epoch != batch.epoch()) {
                return;
            }
            out.addAll(batch.messages());
            queue.consumedOffset = batch.nextBeginOffset();
            if (queue.buffered.get() == 0) {
                queue.consumedOffset = Math.max(queue.consumedOffset, queue.scannedOffset);
            }
        }
    }

    /** The next poll returns messages of {@code queue} from {@code offset} on. */
    public void seek(MessageQueue queue, long offset) throws MQClientException {
        AssignedQueue state = queues.get(queue);
        if (state == null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, queue + " is not assigned to this consumer");
        }
        int epoch;
        synchronized (state) {
            if (state.nextPullOffset == offset && state.consumedOffset == offset && state.buffered.get() == 0) {
                // the running pull chain reads from there already. A new epoch would leave its pull held on the
                // broker next to the new one: whichever the broker answers first moves the group's delivery
                // watermark, and the other's messages (the ones returned) would come flagged redelivered
                return;
            }
            epoch = state.seek(offset);
        }
        loop.start(state, epoch);
    }

    public void seekToBegin(MessageQueue queue) throws MQClientException, InterruptedException {
        seek(queue, offsetApi().minOffset(queue));
    }

    public void seekToEnd(MessageQueue queue) throws MQClientException, InterruptedException {
        seek(queue, offsetApi().maxOffset(queue));
    }

    /** The offset of the first message of {@code queue} stored at or after {@code timestamp}. */
    public long offsetForTimestamp(MessageQueue queue, long timestamp) throws MQClientException, InterruptedException {
        return offsetApi().searchOffset(queue, timestamp);
    }

    /** The group's committed offset of {@code queue} on the broker, or -1. */
    public long committed(MessageQueue queue) throws MQClientException, InterruptedException {
        return offsetApi().queryConsumerOffset(config.getGroup(), queue);
    }

    /** Commits, and waits for the broker to store, the position after the last polled message of every queue. */
    public void commitSync() throws MQClientException, InterruptedException {
        for (AssignedQueue queue : queues.values()) {
            offsets.updateOffset(queue.queue, queue.consumedOffset, false);
            offsets.commit(queue.queue);
        }
    }

    /**
     * Commits explicit positions (per queue, the next offset to consume) without waiting: the future completes when
     * the broker stored all of them. Queues no longer assigned to this consumer are skipped, so a late commit does not
     * move back a queue that rebalance gave to another member. For an application that hands out messages one by
     * one from a polled batch and must not commit past the ones it has not handed out yet.
     */
    public CompletableFuture<Void> commitAsync(Map<MessageQueue, Long> positions) {
        OffsetApi api = offsetApi;
        if (instance == null || api == null) {
            return CompletableFuture.failedFuture(new MQClientException(MQClientException.ILLEGAL_STATE,
                    "the consumer " + config.getGroup() + " is not started"));
        }
        List<CompletableFuture<Void>> sent = new ArrayList<>(positions.size());
        positions.forEach((queue, offset) -> {
            if (queues.containsKey(queue)) {
                sent.add(api.updateConsumerOffsetAsync(config.getGroup(), queue, offset));
            }
        });
        return sent.size() == 1 ? sent.get(0) : CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new));
    }

    /** {@link #commitAsync(Map)}, waiting for the broker to store every position. */
    public void commitSync(Map<MessageQueue, Long> positions) throws MQClientException, InterruptedException {
        for (Map.Entry<MessageQueue, Long> e : positions.entrySet()) {
            if (queues.containsKey(e.getKey())) {
                offsetApi().updateConsumerOffset(config.getGroup(), e.getKey(), e.getValue(), false);
            }
        }
    }

    /** The readable queues of {@code topic}. */
    public List<MessageQueue> fetchMessageQueues(String topic) throws MQClientException, InterruptedException {
        var route = running().routes().get(topic);
        if (route == null) {
            throw new MQClientException(MQClientException.NOT_FOUND_TOPIC_EXCEPTION, "no route of topic " + topic);
        }
        return route.subscribeQueues();
    }

    /**
     * How often a queue's pulls, stopped because its buffer held {@code maxBufferedPerQueue} messages, were continued
     * by a poll that took half of them (statistics).
     */
    public long flowControlResumes() {
        LitePullLoop current = loop;
        return current == null ? 0 : current.resumes();
    }

    /** Whether {@code queue} is (still) assigned to this consumer; cheap enough to ask per message. */
    public boolean owns(MessageQueue queue) {
        return queues.containsKey(queue);
    }

    public Set<MessageQueue> assignment() {
        return new HashSet<>(queues.keySet());
    }

    /** Stops pulling {@code queue} until {@link #resume}. */
    public void pause(Collection<MessageQueue> paused) {
        paused.forEach(q -> queues.computeIfPresent(q, (k, s) -> {
            s.paused = true;
            return s;
        }));
    }

    public void resume(Collection<MessageQueue> resumed) {
        resumed.forEach(q -> queues.computeIfPresent(q, (k, s) -> {
            s.paused = false;
            return s;
        }));
    }

    private void maybeAutoCommit() {
        if (!config.isAutoCommit() || instance == null) {
            return;
        }
        for (AssignedQueue queue : queues.values()) {
            offsets.updateOffset(queue.queue, queue.consumedOffset, true);
        }
        long now = System.currentTimeMillis();
        if (now - lastAutoCommit >= config.getAutoCommitIntervalMillis()) {
            lastAutoCommit = now;
            offsets.persistAll(queues.keySet());
        }
    }

    private void startQueue(MessageQueue queue, long offset) {
        AssignedQueue state = new AssignedQueue(queue, offset);
        queues.put(queue, state);
        loop.start(state, state.epoch);
    }

    private SubscriptionData subscriptionOf(String topic) {
        SubscriptionData subscription = subscriptions.get(topic);
        return subscription != null ? subscription : SubscriptionData.buildSubscriptionData(topic, "*", 0);
    }

    // ---- QueueOwner (rebalance thread) ----

    @Override
    public Set<MessageQueue> ownedQueues() {
        return new HashSet<>(queues.keySet());
    }

    @Override
    public boolean addQueue(MessageQueue queue) {
        try {
            startQueue(queue, StartOffset.compute(queue, offsets, offsetApi, config.getConsumeFromWhere(),
                    config.getConsumeTimestamp()));
            return true;
        } catch (MQClientException e) {
            LOG.warn("cannot take {} now: {}", queue, e.getMessage());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void removeQueue(MessageQueue queue) {
        if (!queues.containsKey(queue)) {
            return;
        }
        try {
            config.getBeforeQueueReleased().accept(queue); // still owned: the hook's commits of it are taken
        } catch (RuntimeException e) {
            LOG.warn("the hook before giving up {} failed: {}", queue, e.toString());
        }
        AssignedQueue state = queues.remove(queue);
        if (state == null) {
            return;
        }
        synchronized (state) {
            state.dropped = true;
        }
        if (config.isAutoCommit()) {
            offsets.updateOffset(queue, state.consumedOffset, true);
            try {
                offsets.persist(queue);
            } catch (MQClientException e) {
                LOG.warn("committing {} before giving it up failed: {}", queue, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        offsets.removeOffset(queue);
    }

    // ---- ConsumerMember ----

    @Override
    public String group() {
        return config.getGroup();
    }

    @Override
    public MessageModel messageModel() {
        return MessageModel.CLUSTERING;
    }

    @Override
    public ConsumeType consumeType() {
        return ConsumeType.CONSUME_ACTIVELY;
    }

    @Override
    public ConsumeFromWhere consumeFromWhere() {
        return config.getConsumeFromWhere();
    }

    @Override
    public Set<SubscriptionData> subscriptions() {
        return new HashSet<>(subscriptions.values());
    }

    @Override
    public void doRebalance() {
        if (assignMode || subscriptions.isEmpty()) {
            return;
        }
        try {
            if (rebalancer.rebalance(subscriptions.keySet())) {
                running().heartbeat().triggerAll();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (MQClientException e) {
            LOG.debug("consumer stopped during rebalance");
        }
    }

    @Override
    public void persistOffsets() {
        if (config.isAutoCommit()) {
            offsets.persistAll(queues.keySet());
        }
    }

    public synchronized void shutdown() {
        ClientInstance current = instance;
        if (current == null) {
            return;
        }
        current.detachConsumer(config.getGroup());
        rebalancer.close();
        for (MessageQueue queue : new ArrayList<>(queues.keySet())) {
            removeQueue(queue);
        }
        instance = null;
        current.unregisterConsumer(config.getGroup());
        current.release();
    }

    @Override
    public void close() {
        shutdown();
    }

    private ClientInstance running() throws MQClientException {
        ClientInstance current = instance;
        if (current == null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "the consumer " + config.getGroup()
                    + " is not started");
        }
        return current;
    }

    private OffsetApi offsetApi() throws MQClientException {
        running();
        return offsetApi;
    }
}
