package dev.apogee.namesrv.route;

import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.ClusterInfo;
import dev.apogee.remoting.protocol.body.DataVersion;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.QueueData;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.body.TopicList;
import dev.apogee.remoting.protocol.body.TopicRouteData;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The name server's whole routing state, with the semantics of the official {@code RouteInfoManager}:
 * cluster → broker names; broker name → member addresses by id; topic → broker name → queues; and a live table
 * keyed by (cluster, broker address) recording the last registration time, expiry, DataVersion and connection.
 *
 * <p>Queue data come only from the master's registration (or, in slave-acting-master mode, from the lowest-id slave,
 * with the write permission removed), and for topics already known only when the broker's DataVersion changed.
 * A broker name's queue data are dropped when its last member goes away; clusters and topics left empty are dropped.
 *
 * <p>Locking: one read/write lock. Reads (route lookups, lists) share the read lock and return fresh body objects
 * the caller owns; every mutation takes the write lock. Bodies passed in are copied, never kept. Time comes from
 * the injected clock.
 */
public final class RouteInfoTable {
    private static final Logger LOG = LoggerFactory.getLogger(RouteInfoTable.class);

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Map<String, Set<String>> clusters = new TreeMap<>();
    private final Map<String, BrokerGroup> brokers = new TreeMap<>();
    private final TopicQueueTable topicQueues = new TopicQueueTable();
    private final Map<BrokerAddrKey, BrokerLiveInfo> live = new HashMap<>();
    private final LongSupplier clock;
    private final long defaultTimeoutMillis;

    /**
     * @param clock                milliseconds now, for liveness
     * @param defaultTimeoutMillis how long a broker may stay silent when it did not say (official: 120 s)
     */
    public RouteInfoTable(LongSupplier clock, long defaultTimeoutMillis) {
        this.clock = clock;
        this.defaultTimeoutMillis = defaultTimeoutMillis;
    }

    /** Records a REGISTER_BROKER; returns the master's addresses for a slave. */
    public RegisterResult register(BrokerRegistration r) {
        Lock write = lock.writeLock();
        write.lock();
        try {
            clusters.computeIfAbsent(r.clusterName(), c -> new TreeSet<>()).add(r.brokerName());
            BrokerGroup group = brokers.computeIfAbsent(r.brokerName(), n -> new BrokerGroup(r.clusterName(), n));
            group.enableActingMaster = Boolean.TRUE.equals(r.enableActingMaster());
            // the same process registering under a new id (slave promoted to master): its old id goes
            group.addrs.entrySet().removeIf(e -> e.getValue().equals(r.brokerAddr()) && e.getKey() != r.brokerId());
            if (isStaleRegistration(group, r)) {
                live.remove(new BrokerAddrKey(r.clusterName(), r.brokerAddr()));
                return RegisterResult.NONE;
            }
            boolean first = group.addrs.put(r.brokerId(), r.brokerAddr()) == null;
            BrokerAddrKey key = new BrokerAddrKey(r.clusterName(), r.brokerAddr());
            boolean master = r.brokerId() == 0;
            boolean primeSlave = r.enableActingMaster() != null && !master && r.brokerId() == group.addrs.firstKey();
            if (master || primeSlave) {
                boolean versionChanged = isVersionChanged(key, r.dataVersion());
                updateQueues(group, r, first || versionChanged, primeSlave && group.enableActingMaster);
            }
            long timeout = r.heartbeatTimeoutMillis() == null ? defaultTimeoutMillis : r.heartbeatTimeoutMillis();
            BrokerLiveInfo previous = live.put(key, new BrokerLiveInfo(clock.getAsLong(), timeout,
                    r.dataVersion().copy(), r.channel(), r.haServerAddr()));
            if (previous == null) {
                LOG.info("NAMESRV-BROKER-UP broker registered: cluster={} name={} id={} addr={} topics={}",
                        r.clusterName(), r.brokerName(), r.brokerId(), r.brokerAddr(), r.topics().size());
            }
            return master ? RegisterResult.NONE : masterOf(group, r.clusterName());
        } finally {
            write.unlock();
        }
    }

    /** A member re-registering at another address with an older state version than the one it replaces. */
    private boolean isStaleRegistration(BrokerGroup group, BrokerRegistration r) {
        String oldAddr = group.addrs.get(r.brokerId());
        if (oldAddr == null || oldAddr.equals(r.brokerAddr())) {
            return false;
        }
        BrokerLiveInfo old = live.get(new BrokerAddrKey(r.clusterName(), oldAddr));
        if (old != null && old.dataVersion().getStateVersion() > r.dataVersion().getStateVersion()) {
            LOG.warn("NAMESRV-BROKER-STALE ignoring registration of {} as {} id {}: state version {} older than {}"
                    + " of {}", r.brokerAddr(), r.brokerName(), r.brokerId(), r.dataVersion().getStateVersion(),
                    old.dataVersion().getStateVersion(), oldAddr);
            return true;
        }
        return false;
    }

    private void updateQueues(BrokerGroup group, BrokerRegistration r, boolean refreshAll, boolean readOnly) {
        for (Map.Entry<String, TopicConfig> entry : r.topics().entrySet()) {
            TopicConfig config = entry.getValue();
            if (config == null) {
                continue;
            }
            String topic = config.getTopicName() != null ? config.getTopicName() : entry.getKey();
            if (refreshAll || !topicQueues.contains(topic, group.brokerName)) {
                int perm = readOnly ? config.getPerm() & ~PermName.PERM_WRITE : config.getPerm();
                topicQueues.put(topic, new QueueData(group.brokerName, config.getReadQueueNums(),
                        config.getWriteQueueNums(), perm, config.getTopicSysFlag()));
            }
        }
    }

    private RegisterResult masterOf(BrokerGroup group, String clusterName) {
        String masterAddr = group.addrs.get(BrokerData.MASTER_ID);
        BrokerLiveInfo masterLive = masterAddr == null ? null : live.get(new BrokerAddrKey(clusterName, masterAddr));
        return masterLive == null ? RegisterResult.NONE : new RegisterResult(masterLive.haServerAddr(), masterAddr);
    }

    private boolean isVersionChanged(BrokerAddrKey key, DataVersion version) {
        BrokerLiveInfo previous = live.get(key);
        return previous == null || !previous.dataVersion().equals(version);
    }

    /** UNREGISTER_BROKER: forgets one member; returns whether it was known. */
    public boolean unregister(String clusterName, String brokerAddr, String brokerName) {
        Lock write = lock.writeLock();
        write.lock();
        try {
            boolean known = live.containsKey(new BrokerAddrKey(clusterName, brokerAddr));
            known |= removeMember(clusterName, brokerAddr, brokerName);
            if (known) {
                LOG.info("NAMESRV-BROKER-DOWN broker unregistered: cluster={} name={} addr={}", clusterName,
                        brokerName, brokerAddr);
            }
            return known;
        } finally {
            write.unlock();
        }
    }

    /** The connection {@code channel} closed: forgets every broker registered over it; returns whether any was. */
    public boolean removeByChannel(Channel channel) {
        if (channel == null) {
            return false;
        }
        Lock write = lock.writeLock();
        write.lock();
        try {
            List<BrokerAddrKey> keys = new ArrayList<>();
            live.forEach((key, info) -> {
                if (info.channel() == channel) {
                    keys.add(key);
                }
            });
            for (BrokerAddrKey key : keys) {
                removeMember(key.clusterName(), key.brokerAddr(), brokerNameOf(key));
                LOG.info("NAMESRV-BROKER-CLOSED broker connection closed, removed: cluster={} addr={}",
                        key.clusterName(), key.brokerAddr());
            }
            return !keys.isEmpty();
        } finally {
            write.unlock();
        }
    }

    /**
     * Removes every broker silent for longer than its timeout.
     *
     * @return the connections of the removed brokers, for the caller to close outside the lock
     */
    public List<Channel> removeExpired() {
        Lock write = lock.writeLock();
        write.lock();
        try {
            long now = clock.getAsLong();
            List<Channel> channels = new ArrayList<>();
            Map<BrokerAddrKey, BrokerLiveInfo> expired = new LinkedHashMap<>();
            live.forEach((key, info) -> {
                if (info.expiredAt(now)) {
                    expired.put(key, info);
                }
            });
            expired.forEach((key, info) -> {
                LOG.warn("NAMESRV-BROKER-EXPIRED broker expired, removed: cluster={} addr={} silent for {} ms"
                        + " (timeout {} ms)", key.clusterName(), key.brokerAddr(), now - info.lastUpdateMillis(),
                        info.timeoutMillis());
                removeMember(key.clusterName(), key.brokerAddr(), brokerNameOf(key));
                if (info.channel() != null) {
                    channels.add(info.channel());
                }
            });
            return channels;
        } finally {
            write.unlock();
        }
    }

    private String brokerNameOf(BrokerAddrKey key) {
        for (BrokerGroup group : brokers.values()) {
            if (group.cluster.equals(key.clusterName()) && group.idOf(key.brokerAddr()) != null) {
                return group.brokerName;
            }
        }
        return null;
    }

    /** Write lock held. Drops the live entry and the address; cleans up the broker name when it has no member left. */
    private boolean removeMember(String clusterName, String brokerAddr, String brokerName) {
        live.remove(new BrokerAddrKey(clusterName, brokerAddr));
        BrokerGroup group = brokerName == null ? null : brokers.get(brokerName);
        if (group == null) {
            return false;
        }
        boolean removed = group.addrs.values().removeIf(brokerAddr::equals);
        if (group.addrs.isEmpty()) {
            brokers.remove(brokerName);
            Set<String> names = clusters.get(group.cluster);
            if (names != null && names.remove(brokerName) && names.isEmpty()) {
                clusters.remove(group.cluster);
            }
            int topics = topicQueues.removeBrokerName(brokerName);
            LOG.info("NAMESRV-BROKER-GONE broker name {} has no member left: removed from cluster {} and {} topic"
                    + " routes", brokerName, group.cluster, topics);
        } else if (group.enableActingMaster && !group.hasMaster()) {
            topicQueues.updatePerm(brokerName, perm -> perm & ~PermName.PERM_WRITE);
        }
        return removed;
    }

    /** BROKER_HEARTBEAT / QUERY_DATA_VERSION: refreshes liveness; false when the broker is not registered. */
    public boolean touch(String clusterName, String brokerAddr) {
        Lock write = lock.writeLock();
        write.lock();
        try {
            return live.computeIfPresent(new BrokerAddrKey(clusterName, brokerAddr),
                    (k, info) -> info.touchedAt(clock.getAsLong())) != null;
        } finally {
            write.unlock();
        }
    }

    /** Whether {@code version} differs from what the broker last registered (true when it is unknown). */
    public boolean isBrokerTopicConfigChanged(String clusterName, String brokerAddr, DataVersion version) {
        return read(() -> isVersionChanged(new BrokerAddrKey(clusterName, brokerAddr), version));
    }

    /** A copy of the DataVersion the broker last registered, or {@code null}. */
    public DataVersion dataVersionOf(String clusterName, String brokerAddr) {
        return read(() -> {
            BrokerLiveInfo info = live.get(new BrokerAddrKey(clusterName, brokerAddr));
            return info == null ? null : info.dataVersion().copy();
        });
    }

    /** A fresh route of {@code topic}, or {@code null} when no registered broker name serves it. */
    public TopicRouteData topicRoute(String topic) {
        return read(() -> {
            List<QueueData> queues = topicQueues.queuesOf(topic);
            List<BrokerData> brokerDatas = new ArrayList<>();
            for (QueueData queueData : queues) {
                BrokerGroup group = brokers.get(queueData.getBrokerName());
                if (group != null) {
                    brokerDatas.add(group.routeSnapshot());
                }
            }
            if (queues.isEmpty() || brokerDatas.isEmpty()) {
                return null;
            }
            TopicRouteData route = new TopicRouteData();
            route.setQueueDatas(queues);
            route.setBrokerDatas(brokerDatas);
            return route;
        });
    }

    /** GET_BROKER_CLUSTER_INFO: every broker name's members and every cluster's broker names, sorted. */
    public ClusterInfo clusterInfo() {
        return read(() -> {
            Map<String, BrokerData> brokerDatas = new TreeMap<>();
            brokers.forEach((name, group) -> brokerDatas.put(name, group.snapshot()));
            Map<String, Set<String>> clusterCopy = new TreeMap<>();
            clusters.forEach((cluster, names) -> clusterCopy.put(cluster, new TreeSet<>(names)));
            ClusterInfo info = new ClusterInfo();
            info.setBrokerAddrTable(brokerDatas);
            info.setClusterAddrTable(clusterCopy);
            return info;
        });
    }

    public Set<String> allTopics() {
        return read(topicQueues::topicNames);
    }

    /** Topics served by the broker names of {@code clusterName}; empty for an unknown cluster. */
    public Set<String> topicsOfCluster(String clusterName) {
        return read(() -> {
            Set<String> names = clusters.get(clusterName);
            return names == null ? Set.of() : topicQueues.topicsServedBy(names);
        });
    }

    /** GET_SYSTEM_TOPIC_LIST_FROM_NS: cluster and broker names (each is a topic) and one broker address. */
    public TopicList systemTopics() {
        return read(() -> {
            Set<String> topics = new TreeSet<>();
            clusters.forEach((cluster, names) -> {
                topics.add(cluster);
                topics.addAll(names);
            });
            TopicList list = new TopicList();
            list.setTopicList(topics);
            for (BrokerGroup group : brokers.values()) {
                if (!group.addrs.isEmpty()) {
                    list.setBrokerAddr(group.addrs.firstEntry().getValue());
                    break;
                }
            }
            return list;
        });
    }

    /** DELETE_TOPIC_IN_NAMESRV: the whole topic, or only its queues on the brokers of {@code clusterName}. */
    public void deleteTopic(String topic, String clusterName) {
        write(() -> {
            if (clusterName == null || clusterName.isEmpty()) {
                topicQueues.removeTopic(topic);
            } else {
                Set<String> names = clusters.get(clusterName);
                if (names != null) {
                    topicQueues.removeQueues(topic, names);
                }
            }
            return null;
        });
    }

    /** REGISTER_TOPIC_IN_NAMESRV: adds queue data for registered broker names; others are ignored. */
    public void registerTopic(String topic, List<QueueData> queueDatas) {
        write(() -> {
            for (QueueData queueData : queueDatas) {
                if (queueData != null && brokers.containsKey(queueData.getBrokerName())) {
                    topicQueues.put(topic, queueData);
                }
            }
            return null;
        });
    }

    /** Clears the WRITE bit of every queue of {@code brokerName}; returns the number of topics it serves. */
    public int wipeWritePerm(String brokerName) {
        return write(() -> topicQueues.updatePerm(brokerName, perm -> perm & ~PermName.PERM_WRITE));
    }

    /** Sets the WRITE bit of every queue of {@code brokerName}; returns the number of topics it serves. */
    public int addWritePerm(String brokerName) {
        return write(() -> topicQueues.updatePerm(brokerName, perm -> perm | PermName.PERM_WRITE));
    }

    /** Number of registered broker addresses (live table size). */
    public int liveBrokerCount() {
        return read(live::size);
    }

    private <T> T read(Supplier<T> action) {
        Lock read = lock.readLock();
        read.lock();
        try {
            return action.get();
        } finally {
            read.unlock();
        }
    }

    private <T> T write(Supplier<T> action) {
        Lock write = lock.writeLock();
        write.lock();
        try {
            return action.get();
        } finally {
            write.unlock();
        }
    }
}
