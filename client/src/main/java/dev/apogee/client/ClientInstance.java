package dev.apogee.client;

import dev.apogee.client.consumer.PullService;
import dev.apogee.client.offset.OffsetPersistService;
import dev.apogee.client.rebalance.RebalanceService;
import dev.apogee.client.route.RouteRefreshService;
import dev.apogee.client.route.RouteTable;
import dev.apogee.remoting.netty.ChannelEventListener;
import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.netty.RemotingExecutors;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.body.ConsumerData;
import dev.apogee.remoting.protocol.body.HeartbeatData;
import dev.apogee.remoting.protocol.body.ProducerData;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One per process and client id ({@code ip@instanceName}), shared by the producers and consumers configured with
 * that id: the remoting client, the route cache and the background services (heartbeat, route refresh, rebalance,
 * pull scheduling, offset persistence), and the answers to broker-initiated requests. Obtained with
 * {@link #acquire(ClientConfig)}, given back with {@link #release()}; the last release shuts everything down.
 */
public final class ClientInstance {
    public static final String INNER_PRODUCER_GROUP = "CLIENT_INNER_PRODUCER";
    private static final Logger LOG = LoggerFactory.getLogger(ClientInstance.class);
    private static final Map<String, ClientInstance> INSTANCES = new HashMap<>();
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final String clientId;
    private final ClientConfig config;
    private final NettyRemotingClient remoting;
    private final Rpc rpc;
    private final RouteTable routes;
    private final ExecutorService brokerRequests;
    private final HeartbeatService heartbeat;
    private final RouteRefreshService routeRefresh;
    private final RebalanceService rebalance;
    private final PullService pullService;
    private final OffsetPersistService offsetPersist;
    private final Map<String, ProducerMember> producers = new ConcurrentHashMap<>();
    private final Map<String, ConsumerMember> consumers = new ConcurrentHashMap<>();
    private int references;

    private ClientInstance(ClientConfig config) {
        this.config = config;
        this.clientId = config.clientId();
        String prefix = "apogee-client-" + SEQUENCE.incrementAndGet();
        NettyClientConfig nettyConfig = new NettyClientConfig().setName(prefix + "-remoting")
                .setWorkerThreads(config.getIoThreads()).setCallbackThreads(config.getCallbackThreads())
                .setSerializeType(config.getSerializeType());
        this.remoting = new NettyRemotingClient(nettyConfig, new ConnectionListener());
        this.remoting.setRequestSigner(config.getRequestSigner());
        this.rpc = new Rpc(remoting, config.getNamesrvAddress());
        this.routes = new RouteTable(rpc, config.getRpcTimeoutMillis());
        this.brokerRequests = RemotingExecutors.bounded(prefix + "-broker-requests", 1, 10_000);
        this.heartbeat = new HeartbeatService(rpc, routes, this::heartbeatData, config.getHeartbeatIntervalMillis(),
                config.getRpcTimeoutMillis(), prefix);
        this.routeRefresh = new RouteRefreshService(routes, config.getRouteRefreshIntervalMillis(), prefix);
        this.rebalance = new RebalanceService(consumers::values, config.getRebalanceIntervalMillis(), prefix);
        this.pullService = new PullService(prefix);
        this.offsetPersist = new OffsetPersistService(consumers::values, config.getOffsetPersistIntervalMillis(),
                prefix);
        registerBrokerRequestProcessors();
    }

    /** The shared instance for {@code config}'s client id, created and started on first use. */
    public static ClientInstance acquire(ClientConfig config) {
        ClientConfig own = config.copy();
        own.resolveInstanceName();
        synchronized (INSTANCES) {
            ClientInstance instance = INSTANCES.get(own.clientId());
            if (instance == null) {
                instance = new ClientInstance(own);
                instance.start();
                INSTANCES.put(instance.clientId, instance);
            }
            instance.references++;
            return instance;
        }
    }

    /** Gives the instance back; the last holder's release shuts it down. */
    public void release() {
        synchronized (INSTANCES) {
            if (--references > 0) {
                return;
            }
            INSTANCES.remove(clientId);
        }
        shutdown();
    }

    private void start() {
        remoting.start();
        heartbeat.start();
        routeRefresh.start();
        rebalance.start();
        pullService.start();
        offsetPersist.start();
        LOG.info("client instance {} started", clientId);
    }

    private void shutdown() {
        try {
            rebalance.shutdown();
            offsetPersist.shutdown();
            pullService.shutdown();
            heartbeat.shutdown();
            routeRefresh.shutdown();
            brokerRequests.shutdownNow();
            brokerRequests.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        remoting.shutdown();
        LOG.info("client instance {} shut down", clientId);
    }

    private void registerBrokerRequestProcessors() {
        remoting.registerProcessor(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, (channel, request) -> {
            LOG.info("consumer ids of group {} changed, rebalancing now", request.extField("consumerGroup"));
            rebalance.wakeup();
            return null;
        }, brokerRequests);
        remoting.registerProcessor(RequestCode.CHECK_TRANSACTION_STATE, (channel, request) -> {
            checkTransactionState(channel, request);
            return null;
        }, brokerRequests);
    }

    private void checkTransactionState(Channel channel, RemotingCommand request) {
        String address = dev.apogee.remoting.netty.RemotingAddress.of(channel);
        String group = TransactionCheckGroup.of(request);
        ProducerMember producer = group == null ? null : producers.get(group);
        if (producer == null) {
            LOG.warn("transaction check for unknown producer group {} from {}", group, address);
            return;
        }
        producer.checkTransactionState(address, request);
    }

    /** Registers a producer group; throws if this instance already has a producer of that group. */
    public void registerProducer(ProducerMember producer) throws MQClientException {
        if (producers.putIfAbsent(producer.group(), producer) != null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "the producer group " + producer.group()
                    + " is already registered in client " + clientId);
        }
    }

    public void unregisterProducer(String group) {
        if (producers.remove(group) != null) {
            unregisterClient(group, null);
        }
    }

    /** Registers a consumer group; throws if this instance already has a consumer of that group. */
    public void registerConsumer(ConsumerMember consumer) throws MQClientException {
        if (consumers.putIfAbsent(consumer.group(), consumer) != null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "the consumer group " + consumer.group()
                    + " is already registered in client " + clientId);
        }
    }

    /** Stops rebalancing and offset persistence for {@code group} locally; the brokers still see it. */
    public void detachConsumer(String group) {
        consumers.remove(group);
    }

    /** Detaches {@code group} and tells every broker it is gone (they notify the other members). */
    public void unregisterConsumer(String group) {
        detachConsumer(group);
        unregisterClient(null, group);
    }

    private void unregisterClient(String producerGroup, String consumerGroup) {
        for (String address : routes.allBrokerAddresses()) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.UNREGISTER_CLIENT);
            request.putExtField("clientID", clientId);
            if (producerGroup != null) {
                request.putExtField("producerGroup", producerGroup);
            }
            if (consumerGroup != null) {
                request.putExtField("consumerGroup", consumerGroup);
            }
            try {
                rpc.call(address, request, config.getRpcTimeoutMillis());
            } catch (MQClientException e) {
                LOG.warn("unregistering {} from {} failed: {}", producerGroup != null ? producerGroup : consumerGroup,
                        address, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    HeartbeatData heartbeatData() {
        HeartbeatData data = new HeartbeatData();
        data.setClientID(clientId);
        Set<ProducerData> producerData = new LinkedHashSet<>();
        if (!producers.isEmpty() || !consumers.isEmpty()) {
            producerData.add(new ProducerData(INNER_PRODUCER_GROUP));
        }
        producers.keySet().forEach(group -> producerData.add(new ProducerData(group)));
        Set<ConsumerData> consumerData = new LinkedHashSet<>();
        for (ConsumerMember consumer : consumers.values()) {
            ConsumerData cd = new ConsumerData();
            cd.setGroupName(consumer.group());
            cd.setConsumeType(consumer.consumeType());
            cd.setMessageModel(consumer.messageModel());
            cd.setConsumeFromWhere(consumer.consumeFromWhere());
            cd.setSubscriptionDataSet(new LinkedHashSet<>(consumer.subscriptions()));
            consumerData.add(cd);
        }
        data.setProducerDataSet(producerData);
        data.setConsumerDataSet(consumerData);
        return data;
    }

    public String clientId() {
        return clientId;
    }

    public ClientConfig config() {
        return config;
    }

    public Rpc rpc() {
        return rpc;
    }

    public RouteTable routes() {
        return routes;
    }

    public RouteRefreshService routeRefresh() {
        return routeRefresh;
    }

    public HeartbeatService heartbeat() {
        return heartbeat;
    }

    public RebalanceService rebalanceService() {
        return rebalance;
    }

    public PullService pullService() {
        return pullService;
    }

    public Collection<ConsumerMember> consumers() {
        return List.copyOf(consumers.values());
    }

    /** Client ids of every live instance of this process (for tests). */
    public static List<String> liveClientIds() {
        synchronized (INSTANCES) {
            return new ArrayList<>(INSTANCES.keySet());
        }
    }

    /** Heartbeats a broker as soon as a connection to it opens, so that it knows our groups before any request. */
    private final class ConnectionListener implements ChannelEventListener {
        @Override
        public void onChannelConnect(String remoteAddress, Channel channel) {
            if (routes.brokerNameOf(remoteAddress) != null) {
                heartbeat.triggerOne(remoteAddress);
            }
        }
    }
}
