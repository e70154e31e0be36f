package dev.apogee.client.route;

import dev.apogee.client.MQBrokerException;
import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.TopicRouteData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client instance's route cache: one {@link TopicRouteInfo} per topic in use, and every broker address seen.
 * Topics enter when first used and are then kept fresh by {@link RouteRefreshService}.
 */
public final class RouteTable {
    public static final String DEFAULT_TOPIC = "TBW102";
    private static final Logger LOG = LoggerFactory.getLogger(RouteTable.class);

    private final Rpc rpc;
    private final long timeoutMillis;
    private final Map<String, TopicRouteInfo> routes = new ConcurrentHashMap<>();
    private final Map<String, Map<Long, String>> brokerAddresses = new ConcurrentHashMap<>();

    public RouteTable(Rpc rpc, long timeoutMillis) {
        this.rpc = rpc;
        this.timeoutMillis = timeoutMillis;
    }

    /** The cached route of {@code topic}, or null. */
    public TopicRouteInfo cached(String topic) {
        return routes.get(topic);
    }

    /**
     * The cached route, fetching it on first use (and while the cached one has no queues, e.g. a retry topic the
     * broker has not created yet); null when the name servers do not know the topic.
     */
    public TopicRouteInfo get(String topic) throws MQClientException, InterruptedException {
        TopicRouteInfo info = routes.get(topic);
        return info != null && !info.data().getQueueDatas().isEmpty() ? info : refresh(topic);
    }

    /**
     * Producer view: the topic's own route, else one derived from {@code TBW102} so that the broker auto-creates
     * the topic (section 5.3); throws when neither exists.
     */
    public TopicRouteInfo getForPublish(String topic, int defaultQueueNums)
            throws MQClientException, InterruptedException {
        TopicRouteInfo info = get(topic);
        if (info != null && !info.publishQueues().isEmpty()) {
            return info;
        }
        TopicRouteData defaultRoute = fetch(DEFAULT_TOPIC);
        if (defaultRoute == null) {
            throw new MQClientException(MQClientException.NOT_FOUND_TOPIC_EXCEPTION,
                    "No route info of this topic: " + topic);
        }
        rememberBrokers(defaultRoute);
        TopicRouteInfo derived = TopicRouteInfo.fromDefault(topic, defaultRoute, defaultQueueNums);
        routes.put(topic, derived);
        return derived;
    }

    /** Fetches {@code topic} now and caches it; null (and nothing cached) when it does not exist. */
    public TopicRouteInfo refresh(String topic) throws MQClientException, InterruptedException {
        TopicRouteData data = fetch(topic);
        if (data == null) {
            return null;
        }
        rememberBrokers(data);
        TopicRouteInfo info = TopicRouteInfo.of(topic, data);
        routes.put(topic, info);
        return info;
    }

    /** Refreshes every cached topic; failures are logged, routes derived from TBW102 stay until the topic exists. */
    public void refreshAll() throws InterruptedException {
        for (String topic : Set.copyOf(routes.keySet())) {
            try {
                refresh(topic);
            } catch (MQClientException e) {
                LOG.warn("route refresh of {} failed: {}", topic, e.getMessage());
            }
        }
    }

    /** Adds a topic to the refresh set without fetching it (e.g. a retry topic not created yet). */
    public void track(String topic) {
        routes.computeIfAbsent(topic, t -> TopicRouteInfo.of(t, new TopicRouteData()));
    }

    public void forget(String topic) {
        routes.remove(topic);
    }

    private TopicRouteData fetch(String topic) throws MQClientException, InterruptedException {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC);
        request.putExtField("topic", topic);
        RemotingCommand response = rpc.callNamesrv(request, timeoutMillis);
        if (response.code() == ResponseCode.TOPIC_NOT_EXIST) {
            return null;
        }
        if (response.code() != ResponseCode.SUCCESS) {
            throw new MQBrokerException(response.code(), response.remark(), "namesrv");
        }
        try {
            return TopicRouteData.decode(response.body());
        } catch (JsonException e) {
            throw new MQClientException(ResponseCode.SYSTEM_ERROR, "unparsable route of " + topic, e);
        }
    }

    private void rememberBrokers(TopicRouteData data) {
        for (BrokerData broker : data.getBrokerDatas()) {
            if (broker.getBrokerAddrs() != null) {
                brokerAddresses.put(broker.getBrokerName(), Map.copyOf(broker.getBrokerAddrs()));
            }
        }
    }

    /** The master address of a broker name, or null when unknown. */
    public String masterAddress(String brokerName) {
        Map<Long, String> addrs = brokerAddresses.get(brokerName);
        return addrs == null ? null : addrs.get(BrokerData.MASTER_ID);
    }

    /** The address of {@code brokerId}, else the master, else any; null when the broker name is unknown. */
    public String address(String brokerName, long brokerId) {
        Map<Long, String> addrs = brokerAddresses.get(brokerName);
        if (addrs == null || addrs.isEmpty()) {
            return null;
        }
        String addr = addrs.get(brokerId);
        if (addr == null) {
            addr = addrs.get(BrokerData.MASTER_ID);
        }
        return addr != null ? addr : addrs.values().iterator().next();
    }

    /** Every known broker address (masters and slaves), for heartbeats. */
    public Set<String> allBrokerAddresses() {
        Set<String> all = new HashSet<>();
        brokerAddresses.values().forEach(m -> all.addAll(m.values()));
        return all;
    }

    /** Broker name to master address, for every known broker name. */
    public Map<String, String> masters() {
        Map<String, String> masters = new HashMap<>();
        brokerAddresses.forEach((name, addrs) -> {
            String master = addrs.get(BrokerData.MASTER_ID);
            if (master != null) {
                masters.put(name, master);
            }
        });
        return masters;
    }

    /** The broker name whose master or slave has {@code address}; null when unknown. */
    public String brokerNameOf(String address) {
        for (Map.Entry<String, Map<Long, String>> entry : brokerAddresses.entrySet()) {
            if (entry.getValue().containsValue(address)) {
                return entry.getKey();
            }
        }
        return null;
    }
}
