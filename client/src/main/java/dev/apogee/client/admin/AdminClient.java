package dev.apogee.client.admin;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.ClientInstance;
import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.naming.NameEncoding;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.ClusterInfo;
import dev.apogee.remoting.protocol.body.ConsumeStats;
import dev.apogee.remoting.protocol.body.ConsumerConnection;
import dev.apogee.remoting.protocol.body.GroupList;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.OffsetWrapper;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.body.TopicList;
import dev.apogee.remoting.protocol.body.TopicOffset;
import dev.apogee.remoting.protocol.body.TopicStatsTable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Topic and group administration, the calls {@code mqadmin} makes (section 5.9): create/update topics on every
 * master of the cluster, delete them from brokers and name servers, list topics, a topic's queue offsets, the groups
 * consuming a topic, a group's committed offsets and lag; subscription groups, their progress on every topic,
 * their connected clients, and their deletion.
 */
public final class AdminClient implements AutoCloseable {
    private final ClientConfig config;
    private volatile ClientInstance instance;

    public AdminClient(ClientConfig config) {
        this.config = config;
    }

    public synchronized void start() {
        if (instance == null) {
            instance = ClientInstance.acquire(config);
        }
    }

    public synchronized void shutdown() {
        if (instance != null) {
            instance.release();
            instance = null;
        }
    }

    @Override
    public void close() {
        shutdown();
    }

    /** Brokers and clusters as the name server knows them. */
    public ClusterInfo clusterInfo() throws MQClientException, InterruptedException {
        RemotingCommand response = ok(rpc().callNamesrv(RemotingCommand.createRequest(
                RequestCode.GET_BROKER_CLUSTER_INFO), timeout()), "namesrv");
        return decode(response, ClusterInfo::decode);
    }

    /** Creates or updates {@code topic} with {@code queueNums} read and write queues on every master. */
    public void createTopic(String topic, int queueNums) throws MQClientException, InterruptedException {
        TopicConfig topicConfig = new TopicConfig(topic, queueNums, queueNums, PermName.PERM_READ | PermName.PERM_WRITE);
        for (String master : masters()) {
            createTopic(master, topicConfig);
        }
    }

    /** Creates or updates a topic on one broker. */
    public void createTopic(String brokerAddress, TopicConfig topic) throws MQClientException, InterruptedException {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.UPDATE_AND_CREATE_TOPIC);
        request.putExtField("topic", topic.getTopicName());
        request.putExtField("defaultTopic", "TBW102");
        request.putExtField("readQueueNums", String.valueOf(topic.getReadQueueNums()));
        request.putExtField("writeQueueNums", String.valueOf(topic.getWriteQueueNums()));
        request.putExtField("perm", String.valueOf(topic.getPerm()));
        request.putExtField("topicFilterType", topic.getTopicFilterType() == null ? "SINGLE_TAG"
                : topic.getTopicFilterType().name());
        request.putExtField("topicSysFlag", String.valueOf(topic.getTopicSysFlag()));
        request.putExtField("order", String.valueOf(topic.isOrder()));
        request.putExtField("attributes", "");
        rpc().callOk(brokerAddress, request, timeout());
    }

    /** Deletes {@code topic} from every master and from the name servers. */
    public void deleteTopic(String topic) throws MQClientException, InterruptedException {
        for (String master : masters()) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.DELETE_TOPIC_IN_BROKER);
            request.putExtField("topic", topic);
            rpc().callOk(master, request, timeout());
        }
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.DELETE_TOPIC_IN_NAMESRV);
        request.putExtField("topic", topic);
        ok(rpc().callNamesrv(request, timeout()), "namesrv");
        instance().routes().forget(topic);
    }

    /** Every topic the name servers know (system topics included). */
    public Set<String> listTopics() throws MQClientException, InterruptedException {
        RemotingCommand response = ok(rpc().callNamesrv(RemotingCommand.createRequest(
                RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER), timeout()), "namesrv");
        return new TreeSet<>(decode(response, TopicList::decode).getTopicList());
    }

    /**
     * {@link #listTopics()}, each with the name an operator reads ({@link NameEncoding#display}): for a topic a JMS
     * destination name was encoded into, that name ({@code orders|2Ecreated} → {@code orders.created}); else the
     * topic.
     */
    public SortedMap<String, String> listTopicsWithDisplayNames() throws MQClientException, InterruptedException {
        return withDisplayNames(listTopics());
    }

    /** The current route of {@code topic}, or null when it does not exist. */
    public TopicRouteInfo route(String topic) throws MQClientException, InterruptedException {
        return instance().routes().refresh(topic);
    }

    /** Min and max offset of every queue of {@code topic}. */
    public Map<MessageQueue, TopicOffset> topicOffsets(String topic) throws MQClientException, InterruptedException {
        Map<MessageQueue, TopicOffset> all = new TreeMap<>();
        for (String master : topicMasters(topic)) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.GET_TOPIC_STATS_INFO);
            request.putExtField("topic", topic);
            all.putAll(decode(rpc().callOk(master, request, timeout()), TopicStatsTable::decode).getOffsetTable());
        }
        return all;
    }

    /** The consumer groups the brokers of {@code topic} have seen consuming it. */
    public Set<String> consumerGroups(String topic) throws MQClientException, InterruptedException {
        Set<String> groups = new TreeSet<>();
        for (String master : topicMasters(topic)) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO);
            request.putExtField("topic", topic);
            groups.addAll(decode(rpc().callOk(master, request, timeout()), GroupList::decode).getGroupList());
        }
        return groups;
    }

    /**
     * {@link #consumerGroups(String)}, each with the name an operator reads: JMS groups show the names they were
     * made of ({@code JMSD_my|5Fapp_orders|2Ecreated} → {@code JMSD_my_app_orders.created}).
     */
    public SortedMap<String, String> consumerGroupsWithDisplayNames(String topic)
            throws MQClientException, InterruptedException {
        return withDisplayNames(consumerGroups(topic));
    }

    private static SortedMap<String, String> withDisplayNames(Set<String> names) {
        SortedMap<String, String> displayed = new TreeMap<>();
        names.forEach(name -> displayed.put(name, NameEncoding.display(name)));
        return displayed;
    }

    /** Per queue of {@code topic}: broker max offset, the group's committed offset, last store time. */
    public Map<MessageQueue, OffsetWrapper> consumeStats(String group, String topic)
            throws MQClientException, InterruptedException {
        Map<MessageQueue, OffsetWrapper> all = new TreeMap<>();
        for (String master : topicMasters(topic)) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.GET_CONSUME_STATS);
            request.putExtField("consumerGroup", group);
            request.putExtField("topic", topic);
            all.putAll(decode(rpc().callOk(master, request, timeout()), ConsumeStats::decode).getOffsetTable());
        }
        return all;
    }

    /** The group's committed offset per queue of {@code topic}. */
    public Map<MessageQueue, Long> consumerOffsets(String group, String topic)
            throws MQClientException, InterruptedException {
        Map<MessageQueue, Long> offsets = new TreeMap<>();
        consumeStats(group, topic).forEach((q, o) -> offsets.put(q, o.getConsumerOffset()));
        return offsets;
    }

    /** Messages of {@code topic} not yet consumed by {@code group}: the sum of broker minus committed offsets. */
    public long consumerLag(String group, String topic) throws MQClientException, InterruptedException {
        long lag = 0;
        for (OffsetWrapper offset : consumeStats(group, topic).values()) {
            lag += Math.max(0, offset.getBrokerOffset() - Math.max(0, offset.getConsumerOffset()));
        }
        return lag;
    }

    /**
     * A group's progress per queue of every topic it consumes (GET_CONSUME_STATS without a topic, on every master):
     * the topics it has offsets on, has popped, or (online) subscribes to.
     */
    public Map<MessageQueue, OffsetWrapper> consumeStats(String group) throws MQClientException, InterruptedException {
        Map<MessageQueue, OffsetWrapper> all = new TreeMap<>();
        for (String master : masters()) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.GET_CONSUME_STATS);
            request.putExtField("consumerGroup", group);
            all.putAll(decode(rpc().callOk(master, request, timeout()), ConsumeStats::decode).getOffsetTable());
        }
        return all;
    }

    /**
     * The group's connected clients and subscriptions on every master (GET_CONSUMER_CONNECTION_LIST), merged; an
     * empty answer (no connection set, no subscription) when no client of the group is connected anywhere.
     */
    public ConsumerConnection consumerConnection(String group) throws MQClientException, InterruptedException {
        ConsumerConnection merged = new ConsumerConnection();
        for (String master : masters()) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.GET_CONSUMER_CONNECTION_LIST);
            request.putExtField("consumerGroup", group);
            RemotingCommand response = rpc().call(master, request, timeout());
            if (response.code() == ResponseCode.CONSUMER_NOT_ONLINE) {
                continue;
            }
            ConsumerConnection one = decode(ok(response, master), ConsumerConnection::decode);
            merged.getConnectionSet().addAll(one.getConnectionSet());
            merged.getSubscriptionTable().putAll(one.getSubscriptionTable());
        }
        return merged;
    }

    /** Every subscription group the masters know (GET_ALL_SUBSCRIPTIONGROUP_CONFIG), system groups included. */
    public Set<String> subscriptionGroups() throws MQClientException, InterruptedException {
        Set<String> groups = new TreeSet<>();
        for (String master : masters()) {
            RemotingCommand response = rpc().callOk(master,
                    RemotingCommand.createRequest(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG), timeout());
            groups.addAll(decode(response, AdminClient::groupNames));
        }
        return groups;
    }

    private static Set<String> groupNames(byte[] body) {
        Set<String> names = new TreeSet<>();
        JsonReader reader = new JsonReader(body);
        reader.beginObject();
        while (reader.hasNext()) {
            if (!"subscriptionGroupTable".equals(reader.nextName())) {
                reader.skipValue();
                continue;
            }
            reader.beginObject();
            while (reader.hasNext()) {
                names.add(reader.nextName());
                reader.skipValue();
            }
            reader.endObject();
        }
        reader.endObject();
        return names;
    }

    /** Deletes {@code group} with its offsets on every master (DELETE_SUBSCRIPTIONGROUP, cleanOffset). */
    public void deleteSubscriptionGroup(String group) throws MQClientException, InterruptedException {
        for (String master : masters()) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.DELETE_SUBSCRIPTIONGROUP);
            request.putExtField("groupName", group);
            request.putExtField("cleanOffset", "true");
            rpc().callOk(master, request, timeout());
        }
    }

    private List<String> masters() throws MQClientException, InterruptedException {
        List<String> masters = new ArrayList<>();
        for (BrokerData broker : clusterInfo().getBrokerAddrTable().values()) {
            if (broker.masterAddr() != null) {
                masters.add(broker.masterAddr());
            }
        }
        if (masters.isEmpty()) {
            throw new MQClientException(MQClientException.BROKER_NOT_EXIST_EXCEPTION, "no master broker registered");
        }
        return masters;
    }

    private List<String> topicMasters(String topic) throws MQClientException, InterruptedException {
        TopicRouteInfo route = instance().routes().refresh(topic);
        if (route == null) {
            throw new MQClientException(ResponseCode.TOPIC_NOT_EXIST, "no route of topic " + topic);
        }
        Map<String, String> masters = new HashMap<>();
        route.brokers().forEach((name, data) -> {
            if (data.masterAddr() != null) {
                masters.put(name, data.masterAddr());
            }
        });
        return new ArrayList<>(masters.values());
    }

    private static RemotingCommand ok(RemotingCommand response, String from) throws MQClientException {
        if (response.code() != ResponseCode.SUCCESS) {
            throw new dev.apogee.client.MQBrokerException(response.code(), response.remark(), from);
        }
        return response;
    }

    private static <T> T decode(RemotingCommand response, Function<byte[], T> decoder) throws MQClientException {
        try {
            return decoder.apply(response.body());
        } catch (JsonException e) {
            throw new MQClientException(ResponseCode.SYSTEM_ERROR, "unparsable admin response body", e);
        }
    }

    private ClientInstance instance() throws MQClientException {
        ClientInstance current = instance;
        if (current == null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "the admin client is not started");
        }
        return current;
    }

    private Rpc rpc() throws MQClientException {
        return instance().rpc();
    }

    private long timeout() {
        return config.getRpcTimeoutMillis();
    }
}
