package dev.apogee.jms.provider;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.ClientInstance;
import dev.apogee.client.MQBrokerException;
import dev.apogee.client.MQClientException;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.message.UniqueKeyGenerator;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.transaction.BranchAck;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.remoting.naming.NameEncoding;
import dev.apogee.remoting.netty.RequestSigner;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.SerializeType;
import dev.apogee.remoting.protocol.body.ClusterInfo;
import dev.apogee.remoting.protocol.body.MessageQueue;
import jakarta.jms.JMSException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@link Provider} over the native client: one {@link Producer} and one {@link AdminClient} per connection (on a
 * client instance of their own). JMS queue consumers and shared subscriptions consume by POP ({@link PopReceivers},
 * all on the connection's one client instance: one heartbeat entry per group however many consumers); exclusive
 * topic subscriptions (and native groups) are one {@link PullConsumer} each, on its own client instance, pulling
 * batches with manual commit and handing messages out one at a time; a commit ({@link #acknowledge},
 * {@link #acknowledgeLazily}) covers exactly the messages handed out. Every native exception is translated here,
 * once ({@link #translate}).
 *
 * <p>Most operations complete their future on the calling thread; asynchronous sends complete on the client's
 * callback threads. {@link ConnectionHealth} watches name servers and brokers on its own thread; once it reports a
 * broker lost, sends, consumer creation, pulls and acknowledgements fail fast with CONNECTION_LOST.
 */
public final class NativeProvider implements Provider {
    private static final byte[] JMS_ID_LEAD = "ID:".getBytes(StandardCharsets.US_ASCII);
    private static final Logger LOG = LoggerFactory.getLogger(NativeProvider.class);
    private static final AtomicLong IDS = new AtomicLong();

    private final NativeProviderConfig config;
    private final Credentials credentials;
    private final TopicCreation topics;
    private final RequestSigner signer;
    private final String instancePrefix = "jms-" + UUID.randomUUID().toString().substring(0, 8);
    private final Map<Long, NativeConsumer> consumers = new ConcurrentHashMap<>();
    private volatile ProviderListener listener;
    private ClientInstance instance;
    private AdminClient admin;
    private Producer producer;
    private final OnewayFlowControl oneway;
    private final BrokerOrdering ordering;
    private ConnectionHealth health;
    /** Set once by the health thread when a broker is lost; from then on operations fail fast with it. */
    private volatile JMSException lost;
    private final NativeBranches branches;
    private final SelectorSubscriptions selectors;
    private final GroupOperations groups;
    private final PopReceivers pops;
    private final QueueBrowsing browsing;

    public NativeProvider(NativeProviderConfig config) {
        this(config, Credentials.ANONYMOUS);
    }

    /** A provider whose requests are signed with {@code credentials} (unsigned when anonymous). */
    public NativeProvider(NativeProviderConfig config, Credentials credentials) {
        this.config = config;
        this.credentials = credentials;
        this.signer = credentials.signer();
        this.topics = new TopicCreation(config);
        this.ordering = new BrokerOrdering(config.asyncSendWindow());
        this.oneway = new OnewayFlowControl(config.sendTimeoutMillis(), ordering);
        this.branches = new NativeBranches(this, clientConfig(instancePrefix), "JMS_BRANCH_" + instancePrefix);
        this.selectors = new SelectorSubscriptions(SelectorSubscriptions.over(this::admin, () -> instance.rpc(),
                config.requestTimeoutMillis()), instancePrefix);
        this.groups = new GroupOperations(this::admin, this::sharedInstance, config.requestTimeoutMillis());
        this.pops = new PopReceivers(this::admin, this::sharedInstance, groups, clientConfig(instancePrefix),
                config.requestTimeoutMillis(), config.invisibleMillis());
        this.browsing = new QueueBrowsing(this, selectors, instancePrefix, config.requestTimeoutMillis());
    }

    ClientConfig clientConfig(String instanceName) {
        return new ClientConfig().setNamesrvAddress(config.namesrvAddress()).setInstanceName(instanceName)
                .setRpcTimeoutMillis(config.requestTimeoutMillis())
                .setRebalanceIntervalMillis(config.rebalanceIntervalMillis()).setRequestSigner(signer)
                // binary headers: a send's properties (with \u0001/\u0002 separators) need no JSON escaping
                .setSerializeType(SerializeType.ROCKETMQ);
    }

    @Override
    public synchronized CompletableFuture<Void> connect() {
        try {
            ClientConfig base = clientConfig(instancePrefix);
            admin = new AdminClient(base);
            admin.start();
            ClusterInfo cluster = admin.clusterInfo(); // fails fast when no name server answers
            instance = ClientInstance.acquire(base);
            AccessCheck.verifyLogin(instance.rpc(), cluster, instance.clientId(), credentials,
                    config.requestTimeoutMillis()); // bad credentials fail createConnection (JMSSecurityException)
            producer = new Producer(new ProducerConfig("JMS_PRODUCER_" + instancePrefix).setClientConfig(base)
                    .setSendTimeoutMillis(config.sendTimeoutMillis())
                    .setDefaultTopicQueueNums(config.topicQueueNums()));
            producer.start();
            if (config.healthCheckMillis() > 0) {
                health = new ConnectionHealth(config, admin, instance.rpc(), cluster, new HealthSink(),
                        instancePrefix);
                health.start();
            }
            return done();
        } catch (Throwable t) {
            close();
            return failed(t);
        }
    }

    /** Health reports (on the health thread): a lost broker makes this provider lost before the listener hears. */
    private final class HealthSink implements ConnectionHealth.Sink {
        @Override
        public void nameServersDown(JMSException failure) {
            notifyListener(failure);
        }

        @Override
        public void brokerLost(JMSException failure) {
            lost = failure;
            LOG.warn("APOGEE-JMS-CONN-1 {}", failure.getMessage());
            notifyListener(failure);
        }

        private void notifyListener(JMSException failure) {
            ProviderListener l = listener;
            if (l != null) {
                l.onFailure(failure);
            }
        }
    }

    /** Fails fast once the connection is lost, instead of waiting for a request timeout per call. */
    private void checkNotLost() throws JMSException {
        JMSException failure = lost;
        if (failure != null) {
            throw JmsExceptions.create(ErrorCode.CONNECTION_LOST, "the connection is lost; create a new one ("
                    + failure.getMessage() + ")", failure);
        }
    }

    @Override
    public synchronized CompletableFuture<Void> close() {
        if (health != null) {
            health.close();
            health = null;
        }
        for (NativeConsumer c : new ArrayList<>(consumers.values())) {
            c.close();
        }
        consumers.clear();
        pops.closeAll();
        branches.shutdown();
        if (producer != null) {
            producer.shutdown();
            producer = null;
        }
        if (admin != null) {
            admin.shutdown();
            admin = null;
        }
        if (instance != null) {
            instance.release();
            instance = null;
        }
        return done();
    }

    @Override
    public void setListener(ProviderListener listener) {
        this.listener = listener;
    }

    @Override
    public CompletableFuture<Void> ensureTopic(String topic) {
        try {
            topics.ensure(admin(), topic);
            return done();
        } catch (Throwable t) {
            return failed(t);
        }
    }

    @Override
    public CompletableFuture<Void> deleteTopic(String topic) {
        try {
            topics.delete(admin(), topic);
            return done();
        } catch (Throwable t) {
            return failed(t);
        }
    }

    @Override
    public String newJmsMessageId() {
        return UniqueKeyGenerator.next(JMS_ID_LEAD); // one string; the codec takes UNIQ_KEY as its substring
    }

    @Override
    public CompletableFuture<Void> send(WireMessage wire, SendMode mode, long deliveryTime, int orderKey) {
        try {
            checkNotLost();
            ensureTopic(wire.topic()).join();
            Message message = NativeMessages.nativeMessage(wire, deliveryTime);
            Producer p = producer();
            switch (mode) {
                case SYNC -> ordering.learn(p.send(message, p.config().getSendTimeoutMillis(), orderKey));
                case ONEWAY -> oneway.send(p, message, orderKey); // oneway with back-pressure: no loss under load
                default -> {
                    return sendAsync(p, message, orderKey);
                }
            }
            return done();
        } catch (Throwable t) {
            return failed(t);
        }
    }

    /**
     * Pipelined (several in flight, {@link #asyncSendWindow()} &gt; 1) sends are not retried (a retry would be stored
     * after the sends behind it; the failure goes to the CompletionListener) and are coalesced into batch requests.
     */
    private CompletableFuture<Void> sendAsync(Producer p, Message message, int orderKey) {
        CompletableFuture<Void> result = new CompletableFuture<>();
        (ordering.retrySends() ? p.sendAsync(message, orderKey, true) : p.sendAsyncCoalesced(message, orderKey))
                .whenComplete((r, e) -> {
                    if (e != null) {
                        result.completeExceptionally(translate(e));
                    } else {
                        ordering.learn(r);
                        result.complete(null);
                    }
                });
        return result;
    }

    @Override
    public int asyncSendWindow() {
        return ordering.asyncWindow();
    }

    /**
     * The native subscription (type, expression) for a JMS selector when the broker's evaluation is TAG or SQL92;
     * InvalidSelectorException when invalid. Consumers use {@link SelectorSubscriptions#subscription}, which picks
     * the JMS type where the brokers support it.
     */
    static String[] subscription(String selector) throws JMSException {
        return SelectorSubscriptions.sql92(selector);
    }

    @Override
    public CompletableFuture<ConsumerId> createConsumer(ConsumerSpec spec) {
        try {
            checkNotLost();
            subscription(spec.selector()); // validates before anything is created
            ensureTopic(spec.topic()).join();
            AccessCheck.checkSubscribe(instance.rpc(), admin().route(spec.topic()), spec.group(), credentials,
                    config.requestTimeoutMillis()); // a refused consumer would otherwise just never be assigned
            String[] subscription = selectors.subscription(spec.selector(), spec.topic());
            long id = IDS.incrementAndGet();
            if (spec.pop()) {
                pops.open(id, spec, subscription);
                return CompletableFuture.completedFuture(new ConsumerId(id, spec.group(), true));
            }
            NativeConsumer c = OffsetConsumers.open(spec, subscription, clientConfig(instancePrefix + "-c" + id),
                    admin(), config);
            consumers.put(id, c);
            return CompletableFuture.completedFuture(new ConsumerId(id, spec.group()));
        } catch (Throwable t) {
            return failed(t);
        }
    }

    @Override
    public CompletableFuture<WireMessage> pull(ConsumerId id, long timeoutMillis) {
        if (id.perMessage()) {
            return popPull(id, timeoutMillis);
        }
        NativeConsumer c = consumers.get(id.value());
        if (c == null) {
            return failed(JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the consumer is closed"));
        }
        try {
            checkNotLost();
            synchronized (c) {
                if (c.pending.isEmpty()) {
                    c.pending.addAll(c.consumer.poll(Math.max(0, timeoutMillis)));
                }
                MessageExt next;
                while ((next = c.pending.poll()) != null) {
                    MessageQueue queue = c.queueOf(next);
                    if (c.consumer.owns(queue)) { // else rebalance gave the queue away: its new owner delivers it
                        c.delivered.merge(queue, next.getQueueOffset() + 1, Math::max);
                        break;
                    }
                }
                return CompletableFuture.completedFuture(next == null ? null : c.toWire(next));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.completedFuture(null);
        } catch (Throwable t) {
            return failed(t);
        }
    }

    @Override
    public CompletableFuture<List<WireMessage>> browse(String topic, String group, String selector, int max) {
        return browsing.browse(topic, group, selector, max);
    }

    private CompletableFuture<WireMessage> popPull(ConsumerId id, long timeoutMillis) {
        try {
            checkNotLost();
            return CompletableFuture.completedFuture(popReceiver(id).next(timeoutMillis));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.completedFuture(null);
        } catch (Throwable t) {
            return failed(t);
        }
    }

    /** The open POP consumer {@code id}, or ILLEGAL_STATE. */
    PopReceiver popReceiver(ConsumerId id) throws JMSException {
        PopReceiver r = pops.get(id.value());
        if (r == null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the consumer is closed");
        }
        return r;
    }

    @Override
    public CompletableFuture<Void> release(ConsumerId id, boolean lastOnly) {
        PopReceiver r = id.perMessage() ? pops.get(id.value()) : null;
        if (r == null) {
            return done();
        }
        try {
            if (lastOnly) {
                r.releaseLast();
            } else {
                r.releaseAll();
            }
            return done();
        } catch (Throwable t) {
            return failed(t);
        }
    }

    @Override
    public CompletableFuture<Void> releasePrefetched() {
        try {
            pops.releasePrefetches();
            return done();
        } catch (Throwable t) {
            return failed(t);
        }
    }

    @Override
    public CompletableFuture<Void> acknowledge(ConsumerId id) {
        if (id.perMessage()) {
            PopReceiver r = pops.get(id.value());
            try {
                checkNotLost();
                if (r != null) {
                    r.acknowledge();
                }
                return done();
            } catch (Throwable t) {
                return failed(t);
            }
        }
        NativeConsumer c = consumers.get(id.value());
        if (c == null) {
            return done();
        }
        try {
            checkNotLost();
            synchronized (c) {
                c.committer.commitNow(c.delivered);
            }
            return done();
        } catch (Throwable t) {
            return failed(t);
        }
    }

    @Override
    public CompletableFuture<Void> acknowledgeLazily(ConsumerId id) {
        PopReceiver r = id.perMessage() ? pops.get(id.value()) : null;
        if (r != null) {
            r.acknowledgeLazily();
            return done();
        }
        NativeConsumer c = consumers.get(id.value());
        if (c != null) {
            synchronized (c) {
                c.committer.request(c.delivered);
            }
        }
        return done();
    }

    /** The consumed-at-commit positions of a transaction that acknowledges {@code id}'s deliveries so far. */
    List<BranchAck> deliveredPositions(ConsumerId id) {
        NativeConsumer c = consumers.get(id.value());
        List<BranchAck> acks = new ArrayList<>();
        if (c != null) {
            synchronized (c) {
                c.delivered.forEach((q, next) -> acks.add(new BranchAck(id.group(), q.topic(), q.brokerName(),
                        q.queueId(), next)));
            }
        }
        return acks;
    }

    @Override
    public TransactionBranches branches() {
        return branches;
    }

    @Override
    public CompletableFuture<Void> closeConsumer(ConsumerId id) {
        String ended;
        if (id.perMessage()) {
            try {
                ended = pops.close(id.value()); // a shared subscription whose last consumer this was ends (§8.3.2)
            } catch (JMSException e) {
                return failed(e);
            }
        } else {
            NativeConsumer c = consumers.remove(id.value());
            if (c != null) {
                c.close();
            }
            ended = c != null && c.spec.removeOnClose() ? c.spec.group() : null;
        }
        if (ended == null) {
            return done();
        }
        return deleteGroup(ended).exceptionally(e -> {
            LOG.warn("APOGEE-JMS-GROUP-1 could not delete the group {}: {}", NameEncoding.describe(ended),
                    e.getMessage());
            return null;
        });
    }

    @Override
    public CompletableFuture<Boolean> groupExists(String group) {
        return groups.exists(group);
    }

    @Override
    public CompletableFuture<Void> deleteGroup(String group) {
        return groups.delete(group);
    }

    @Override
    public CompletableFuture<Void> deleteSubscription(String group) {
        return groups.deleteSubscription(group);
    }

    @Override
    public CompletableFuture<Void> prepareSubscription(ConsumerSpec spec, boolean durable) {
        try {
            ensureTopic(spec.topic()).join();
            return groups.prepare(spec, selectors.subscription(spec.selector(), spec.topic()), durable);
        } catch (Throwable t) {
            return failed(t);
        }
    }

    synchronized AdminClient admin() throws JMSException {
        if (admin == null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the provider is closed");
        }
        return admin;
    }

    private synchronized ClientInstance sharedInstance() throws JMSException {
        if (instance == null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the provider is closed");
        }
        return instance;
    }

    private synchronized Producer producer() throws JMSException {
        if (producer == null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the provider is closed");
        }
        return producer;
    }

    /** The one translation of native failures into JMSExceptions. */
    public static JMSException translate(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof JMSException jms) {
            return jms;
        }
        if (t instanceof MQBrokerException e && e.isDiskFull()) {
            return JmsExceptions.create(ErrorCode.BROKER_DISK_FULL, "the broker refused the send, its disk is full: "
                    + e.remark(), e);
        }
        if (t instanceof MQClientException e) {
            return JmsExceptions.create(JmsExceptions.forResponseCode(e.responseCode()), "native client error "
                    + e.responseCode() + ": " + e.getMessage(), e);
        }
        if (t instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return JmsExceptions.create(ErrorCode.INTERNAL, "interrupted", t);
        }
        if (t instanceof IllegalArgumentException) {
            return JmsExceptions.create(ErrorCode.MESSAGE_REJECTED, String.valueOf(t.getMessage()), t);
        }
        return JmsExceptions.translate(t);
    }

    private static CompletableFuture<Void> done() {
        return CompletableFuture.completedFuture(null);
    }

    private static <T> CompletableFuture<T> failed(Throwable t) {
        return CompletableFuture.failedFuture(translate(t));
    }
}
