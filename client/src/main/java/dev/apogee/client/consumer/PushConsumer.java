package dev.apogee.client.consumer;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.ConsumerMember;
import dev.apogee.client.MQClientException;
import dev.apogee.client.offset.LocalOffsetStore;
import dev.apogee.client.offset.OffsetApi;
import dev.apogee.client.offset.OffsetStore;
import dev.apogee.client.offset.RemoteOffsetStore;
import dev.apogee.client.offset.StartOffset;
import dev.apogee.client.rebalance.GroupMembers;
import dev.apogee.client.rebalance.LockRenewService;
import dev.apogee.client.rebalance.QueueLocks;
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

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A push consumer: subscribe, register a {@link ConcurrentListener} ({@link #registerConcurrentListener}) or
 * {@link OrderlyListener} ({@link #registerOrderlyListener}), start. Queues are
 * assigned by rebalance (clustering) or all taken (broadcasting); messages are pulled with long polling, flow
 * controlled per queue, consumed on a fixed pool; offsets advance past finished messages only and are committed
 * every few seconds, when a queue is handed over, and at shutdown.
 */
public final class PushConsumer implements ConsumerMember, QueueOwner, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PushConsumer.class);
    private static final long LOCK_RENEW_MILLIS = 20_000;

    private final PushConsumerConfig config;
    private final Map<String, SubscriptionData> subscriptions = new ConcurrentHashMap<>();
    private final Map<MessageQueue, PushPuller.PushQueue> queues = new ConcurrentHashMap<>();
    private ConcurrentListener concurrentListener;
    private OrderlyListener orderlyListener;
    private volatile ClientInstance instance;
    private OffsetApi offsetApi;
    private OffsetStore offsets;
    private PushPuller puller;
    private ConsumeService consumeService;
    private Rebalancer rebalancer;
    private QueueLocks locks;
    private LockRenewService lockRenew;

    public PushConsumer(PushConsumerConfig config) {
        this.config = config;
    }

    /** Subscribes to {@code topic} with a TAG expression ({@code *}, {@code TagA || TagB}). */
    public void subscribe(String topic, String expression) {
        subscribe(topic, expression, ExpressionType.TAG);
    }

    /** Subscribes with an expression of the given type ({@code TAG} or {@code SQL92}); call before start. */
    public void subscribe(String topic, String expression, String expressionType) {
        subscriptions.put(topic, SubscriptionData.buildSubscriptionData(topic, expression, expressionType,
                System.currentTimeMillis()));
    }

    public void registerConcurrentListener(ConcurrentListener listener) {
        this.concurrentListener = listener;
    }

    public void registerOrderlyListener(OrderlyListener listener) {
        this.orderlyListener = listener;
    }

    public synchronized void start() throws MQClientException, InterruptedException {
        if (instance != null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "consumer already started");
        }
        if ((concurrentListener == null) == (orderlyListener == null) || subscriptions.isEmpty()) {
            throw new MQClientException(MQClientException.ILLEGAL_ARGUMENT,
                    "register exactly one listener and subscribe to at least one topic before start");
        }
        boolean clustering = config.getMessageModel() == MessageModel.CLUSTERING;
        if (clustering) {
            String retry = SendBack.retryTopic(config.getGroup());
            subscriptions.put(retry, SubscriptionData.buildSubscriptionData(retry, "*", System.currentTimeMillis()));
        }
        ClientInstance acquired = ClientInstance.acquire(config.getClientConfig());
        try {
            build(acquired, clustering);
            acquired.registerConsumer(this);
        } catch (MQClientException e) {
            acquired.release();
            throw e;
        }
        instance = acquired;
        try {
            for (String topic : subscriptions.keySet()) {
                if (acquired.routes().get(topic) == null) {
                    acquired.routes().track(topic);
                }
            }
            new FilterCheck(acquired.rpc(), acquired.routes(), acquired.clientId(), config.getGroup())
                    .check(subscriptions.values());
        } catch (MQClientException | InterruptedException e) {
            shutdown();
            throw e;
        }
        acquired.heartbeat().sendToAll();
        if (lockRenew != null) {
            lockRenew.start();
        }
        acquired.rebalanceService().wakeup();
    }

    private void build(ClientInstance acquired, boolean clustering) throws MQClientException {
        String prefix = "apogee-client-" + config.getGroup();
        offsetApi = new OffsetApi(acquired.rpc(), acquired.routes());
        offsets = clustering ? new RemoteOffsetStore(config.getGroup(), offsetApi)
                : new LocalOffsetStore(config.getOffsetStoreDir(), acquired.clientId(), config.getGroup());
        offsets.load();
        boolean orderly = orderlyListener != null;
        puller = new PushPuller(config, orderly, acquired.pullService(), new PullApi(acquired.rpc(),
                acquired.routes()), offsets, subscriptions::get);
        int maxReconsume = config.getMaxReconsumeTimes() < 0 ? 16 : config.getMaxReconsumeTimes();
        SendBack sendBack = clustering ? new SendBack(config.getGroup(), maxReconsume, acquired.rpc(),
                acquired.routes()) : null;
        consumeService = orderly ? new OrderlyConsumeService(config, orderlyListener, offsets, sendBack, prefix)
                : new ConcurrentConsumeService(config, concurrentListener, offsets, sendBack, prefix);
        puller.consumeWith(consumeService);
        rebalancer = new Rebalancer(config.getGroup(), acquired.clientId(), config.getMessageModel(),
                config.getAllocateStrategy(), acquired.routes(),
                new GroupMembers(acquired.rpc(), acquired.config().getRpcTimeoutMillis()), this);
        if (orderly && clustering) {
            locks = new QueueLocks(acquired.rpc(), config.getGroup(), acquired.clientId());
            lockRenew = new LockRenewService(this::renewLocks, LOCK_RENEW_MILLIS, prefix + "-lock-renew");
        }
    }

    /** The queues this consumer currently owns. */
    @Override
    public Set<MessageQueue> ownedQueues() {
        return new HashSet<>(queues.keySet());
    }

    @Override
    public boolean addQueue(MessageQueue queue) {
        try {
            if (locks != null && !lockOne(queue)) {
                return false;
            }
            long offset = StartOffset.compute(queue, offsets, offsetApi, config.getConsumeFromWhere(),
                    config.getConsumeTimestamp());
            PushPuller.PushQueue state = new PushPuller.PushQueue(queue, offset);
            state.processQueue.setLocked(true, System.currentTimeMillis());
            offsets.updateOffset(queue, offset, false);
            queues.put(queue, state);
            puller.start(state);
            return true;
        } catch (MQClientException e) {
            LOG.warn("{} cannot take {} now: {}", config.getGroup(), queue, e.getMessage());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private boolean lockOne(MessageQueue queue) throws MQClientException, InterruptedException {
        String address = instance().routes().masterAddress(queue.brokerName());
        return address != null && locks.lock(address, Set.of(queue)).contains(queue);
    }

    @Override
    public void removeQueue(MessageQueue queue) {
        PushPuller.PushQueue state = queues.remove(queue);
        if (state == null) {
            return;
        }
        ProcessQueue pq = state.processQueue;
        pq.drop();
        boolean consumeLocked = false;
        try {
            consumeLocked = locks != null && pq.consumeLock().tryLock(1, TimeUnit.SECONDS);
            offsets.persist(queue);
            if (locks != null) {
                String address = instance().routes().masterAddress(queue.brokerName());
                locks.unlock(address, Set.of(queue), true);
            }
        } catch (MQClientException e) {
            LOG.warn("committing {} before giving it up failed: {}", queue, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (consumeLocked) {
                pq.consumeLock().unlock();
            }
            if (config.getMessageModel() == MessageModel.CLUSTERING) {
                offsets.removeOffset(queue);
            }
        }
    }

    private void renewLocks() {
        Map<String, Set<MessageQueue>> byBroker = new ConcurrentHashMap<>();
        queues.keySet().forEach(q -> byBroker.computeIfAbsent(q.brokerName(), b -> new HashSet<>()).add(q));
        for (Map.Entry<String, Set<MessageQueue>> entry : byBroker.entrySet()) {
            try {
                String address = instance().routes().masterAddress(entry.getKey());
                Set<MessageQueue> locked = locks.lock(address, entry.getValue());
                long now = System.currentTimeMillis();
                for (MessageQueue queue : entry.getValue()) {
                    PushPuller.PushQueue state = queues.get(queue);
                    if (state != null) {
                        state.processQueue.setLocked(locked.contains(queue), now);
                    }
                }
            } catch (MQClientException e) {
                LOG.warn("renewing locks on {} failed: {}", entry.getKey(), e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    // ---- ConsumerMember ----

    @Override
    public String group() {
        return config.getGroup();
    }

    @Override
    public MessageModel messageModel() {
        return config.getMessageModel();
    }

    @Override
    public ConsumeType consumeType() {
        return ConsumeType.CONSUME_PASSIVELY;
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
        try {
            if (rebalancer.rebalance(subscriptions.keySet())) {
                instance().heartbeat().triggerAll();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (MQClientException e) {
            LOG.debug("consumer stopped during rebalance");
        }
    }

    @Override
    public void persistOffsets() {
        offsets.persistAll(queues.keySet());
    }

    /**
     * Stops pulling, lets queued consumption finish (up to {@code shutdownAwaitMillis}), commits every offset,
     * releases orderly locks, unregisters from the brokers and gives the client instance back.
     */
    public synchronized void shutdown() {
        ClientInstance current = instance;
        if (current == null) {
            return;
        }
        current.detachConsumer(config.getGroup());
        rebalancer.close();
        puller.stop();
        try {
            if (lockRenew != null) {
                lockRenew.shutdown();
            }
            consumeService.shutdown(config.getShutdownAwaitMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Set<MessageQueue> owned = ownedQueues();
        offsets.persistAllConfirmed(owned); // confirmed: a oneway commit could die with the connection closed below
        queues.values().forEach(q -> q.processQueue.drop());
        if (locks != null) {
            unlockAll(owned);
        }
        queues.clear();
        instance = null;
        current.unregisterConsumer(config.getGroup());
        current.release();
    }

    private void unlockAll(Set<MessageQueue> owned) {
        Map<String, Set<MessageQueue>> byBroker = new ConcurrentHashMap<>();
        owned.forEach(q -> byBroker.computeIfAbsent(q.brokerName(), b -> new HashSet<>()).add(q));
        byBroker.forEach((broker, set) -> {
            try {
                locks.unlock(instance().routes().masterAddress(broker), set, false);
            } catch (MQClientException e) {
                LOG.warn("unlocking {} failed: {}", set, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    @Override
    public void close() {
        shutdown();
    }

    /** Offsets this consumer holds in memory (for tests and diagnostics). */
    public Map<MessageQueue, Long> offsetSnapshot() {
        return offsets == null ? Map.of() : offsets.snapshot();
    }

    private ClientInstance instance() throws MQClientException {
        ClientInstance current = instance;
        if (current == null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "consumer " + config.getGroup()
                    + " is not running");
        }
        return current;
    }
}
