package dev.apogee.namesrv.route;

import dev.apogee.remoting.protocol.body.DataVersion;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.QueueData;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.body.TopicList;
import dev.apogee.remoting.protocol.body.TopicRouteData;
import io.netty.channel.Channel;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RouteInfoTableTest {
    private static final String CLUSTER = "DefaultCluster";
    private static final String MASTER_A = "10.0.0.1:10911";
    private static final String SLAVE_A = "10.0.0.2:10911";
    private static final String MASTER_B = "10.0.0.3:10911";

    private final AtomicLong now = new AtomicLong(1_000_000);
    private RouteInfoTable table;

    @BeforeEach
    void setUp() {
        table = new RouteInfoTable(now::get, 120_000);
    }

    private static final int READ = PermName.PERM_READ;
    private static final int RW = PermName.PERM_READ | PermName.PERM_WRITE;

    private static Map<String, TopicConfig> topics(TopicConfig... configs) {
        Map<String, TopicConfig> map = new LinkedHashMap<>();
        for (TopicConfig config : configs) {
            map.put(config.getTopicName(), config);
        }
        return map;
    }

    private static TopicConfig topic(String name, int queues) {
        return new TopicConfig(name, queues, queues, RW);
    }

    private static List<String> brokerNames(TopicRouteData route) {
        return route.getQueueDatas().stream().map(QueueData::getBrokerName).toList();
    }

    private static BrokerRegistration registration(String brokerName, String addr, long id, DataVersion version,
                                                   Map<String, TopicConfig> topics, Channel channel) {
        return new BrokerRegistration(CLUSTER, addr, brokerName, id, addr.replace("10911", "10912"), null, false,
                version, topics, channel);
    }

    @Test
    void masterRegistrationCreatesRoutesClusterAndTopics() {
        RegisterResult result = table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0),
                topics(topic("T1", 4), topic("T2", 8)), new EmbeddedChannel()));

        assertEquals(RegisterResult.NONE, result);
        TopicRouteData route = table.topicRoute("T1");
        assertEquals(List.of(new QueueData("broker-a", 4, 4, 6, 0)), route.getQueueDatas());
        assertEquals(1, route.getBrokerDatas().size());
        assertEquals(Map.of(0L, MASTER_A), route.getBrokerDatas().get(0).getBrokerAddrs());
        assertEquals(CLUSTER, route.getBrokerDatas().get(0).getCluster());
        assertEquals(Set.of("T1", "T2"), table.allTopics());
        assertEquals(Set.of("broker-a"), table.clusterInfo().getClusterAddrTable().get(CLUSTER));
        assertEquals(Set.of("T1", "T2"), table.topicsOfCluster(CLUSTER));
        assertNull(table.topicRoute("unknown"));
    }

    @Test
    void knownTopicsRefreshOnlyWhenDataVersionChanges() {
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0), topics(topic("T1", 4)), null));
        table.wipeWritePerm("broker-a");

        // same DataVersion: the known topic keeps its (wiped) queue data, a new topic is still picked up
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0),
                topics(topic("T1", 16), topic("T3", 2)), null));
        assertEquals(new QueueData("broker-a", 4, 4, READ, 0), table.topicRoute("T1").getQueueDatas().get(0));
        assertEquals(2, table.topicRoute("T3").getQueueDatas().get(0).getWriteQueueNums());

        // changed DataVersion: every registered topic is refreshed
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(2, 2, 0), topics(topic("T1", 16)), null));
        assertEquals(new QueueData("broker-a", 16, 16, 6, 0), table.topicRoute("T1").getQueueDatas().get(0));
        assertTrue(table.isBrokerTopicConfigChanged(CLUSTER, MASTER_A, new DataVersion(1, 1, 0)));
        assertFalse(table.isBrokerTopicConfigChanged(CLUSTER, MASTER_A, new DataVersion(2, 2, 0)));
        assertEquals(new DataVersion(2, 2, 0), table.dataVersionOf(CLUSTER, MASTER_A));
    }

    @Test
    void slaveLearnsItsMasterAndDoesNotChangeQueueData() {
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0), topics(topic("T1", 4)), null));
        RegisterResult result = table.register(registration("broker-a", SLAVE_A, 1, new DataVersion(1, 5, 0),
                topics(topic("T1", 99), topic("SlaveOnly", 1)), null));

        assertEquals(new RegisterResult("10.0.0.1:10912", MASTER_A), result);
        TopicRouteData route = table.topicRoute("T1");
        assertEquals(4, route.getQueueDatas().get(0).getReadQueueNums());
        assertEquals(Map.of(0L, MASTER_A, 1L, SLAVE_A), route.getBrokerDatas().get(0).getBrokerAddrs());
        assertNull(table.topicRoute("SlaveOnly"));
        assertEquals(2, table.liveBrokerCount());
    }

    @Test
    void sameAddressUnderNewIdReplacesOldId() {
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0), topics(topic("T1", 4)), null));
        table.register(registration("broker-a", SLAVE_A, 1, new DataVersion(1, 1, 0), topics(), null));
        table.unregister(CLUSTER, MASTER_A, "broker-a");
        // the slave is promoted: same address, id 0
        table.register(registration("broker-a", SLAVE_A, 0, new DataVersion(1, 2, 0), topics(topic("T1", 4)), null));

        assertEquals(Map.of(0L, SLAVE_A), table.topicRoute("T1").getBrokerDatas().get(0).getBrokerAddrs());
    }

    @Test
    void expiryScanRemovesSilentBrokersWithTheirRoutesAndClusters() {
        EmbeddedChannel channelA = new EmbeddedChannel();
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0), topics(topic("T1", 4)),
                channelA));
        table.register(new BrokerRegistration("OtherCluster", MASTER_B, "broker-b", 0, "", 300_000L, null,
                new DataVersion(1, 1, 0), topics(topic("T1", 2), topic("T2", 2)), new EmbeddedChannel()));

        now.addAndGet(120_000);
        assertEquals(List.of(), table.removeExpired(), "not yet: timeout is exclusive");
        now.addAndGet(1);
        assertEquals(List.of(channelA), table.removeExpired());

        assertEquals(List.of("broker-b"), brokerNames(table.topicRoute("T1")));
        assertEquals(Set.of("OtherCluster"), table.clusterInfo().getClusterAddrTable().keySet());
        assertEquals(Set.of("broker-b"), table.clusterInfo().getBrokerAddrTable().keySet());

        // broker-b asked for 300 s; a heartbeat postpones it
        now.addAndGet(200_000);
        assertTrue(table.touch("OtherCluster", MASTER_B));
        now.addAndGet(200_000);
        assertEquals(0, table.removeExpired().size());
        now.addAndGet(100_001);
        assertEquals(1, table.removeExpired().size());
        assertTrue(table.allTopics().isEmpty());
        assertTrue(table.clusterInfo().getClusterAddrTable().isEmpty());
        assertFalse(table.touch("OtherCluster", MASTER_B));
    }

    @Test
    void closedChannelRemovesOnlyThatMemberUntilTheBrokerNameIsEmpty() {
        EmbeddedChannel master = new EmbeddedChannel();
        EmbeddedChannel slave = new EmbeddedChannel();
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0), topics(topic("T1", 4)), master));
        table.register(registration("broker-a", SLAVE_A, 1, new DataVersion(1, 1, 0), topics(topic("T1", 4)), slave));

        assertTrue(table.removeByChannel(master));
        TopicRouteData route = table.topicRoute("T1");
        assertEquals(Map.of(1L, SLAVE_A), route.getBrokerDatas().get(0).getBrokerAddrs(), "consumers can still read");
        assertEquals(1, route.getQueueDatas().size());

        assertFalse(table.removeByChannel(new EmbeddedChannel()));
        assertTrue(table.removeByChannel(slave));
        assertNull(table.topicRoute("T1"));
        assertTrue(table.clusterInfo().getClusterAddrTable().isEmpty());
        assertEquals(0, table.liveBrokerCount());
    }

    @Test
    void closedChannelRemovesEveryBrokerRegisteredOverIt() {
        EmbeddedChannel shared = new EmbeddedChannel();
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0), topics(topic("T1", 4)), shared));
        table.register(registration("broker-b", MASTER_B, 0, new DataVersion(1, 1, 0), topics(topic("T2", 4)), shared));
        table.register(registration("broker-c", "10.0.0.9:10911", 0, new DataVersion(1, 1, 0), topics(topic("T3", 4)),
                null));

        assertFalse(table.removeByChannel(null));
        assertTrue(table.removeByChannel(shared));
        assertEquals(Set.of("T3"), table.allTopics());
        assertEquals(1, table.liveBrokerCount());
    }

    @Test
    void unregisterRemovesBroker() {
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0), topics(topic("T1", 4)), null));
        table.register(registration("broker-b", MASTER_B, 0, new DataVersion(1, 1, 0), topics(topic("T1", 4)), null));

        assertTrue(table.unregister(CLUSTER, MASTER_A, "broker-a"));
        assertFalse(table.unregister(CLUSTER, MASTER_A, "broker-a"));
        assertEquals(Set.of("broker-b"), table.clusterInfo().getClusterAddrTable().get(CLUSTER));
        assertEquals("broker-b", table.topicRoute("T1").getQueueDatas().get(0).getBrokerName());
    }

    @Test
    void wipeAndAddWritePermission() {
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0),
                topics(topic("T1", 4), topic("T2", 4)), null));
        table.register(registration("broker-b", MASTER_B, 0, new DataVersion(1, 1, 0), topics(topic("T1", 4)), null));

        assertEquals(2, table.wipeWritePerm("broker-a"));
        assertEquals(READ, table.topicRoute("T2").getQueueDatas().get(0).getPerm());
        assertEquals(6, table.topicRoute("T1").getQueueDatas().get(1).getPerm(), "broker-b untouched");
        assertEquals(2, table.addWritePerm("broker-a"));
        assertEquals(6, table.topicRoute("T2").getQueueDatas().get(0).getPerm());
        assertEquals(0, table.wipeWritePerm("nobody"));
    }

    @Test
    void deleteTopicEverywhereOrPerCluster() {
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0),
                topics(topic("T1", 4), topic("T2", 4)), null));
        table.register(new BrokerRegistration("Other", MASTER_B, "broker-b", 0, "", null, null,
                new DataVersion(1, 1, 0), topics(topic("T1", 4)), null));

        table.deleteTopic("T1", "Other");
        assertEquals(List.of("broker-a"), brokerNames(table.topicRoute("T1")));
        table.deleteTopic("T1", null);
        assertNull(table.topicRoute("T1"));
        assertEquals(Set.of("T2"), table.allTopics());
    }

    @Test
    void registerTopicAddsQueuesOnlyForKnownBrokers() {
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0), topics(), null));
        table.registerTopic("New", List.of(new QueueData("broker-a", 2, 2, 6, 0), new QueueData("ghost", 2, 2, 6, 0)));

        assertEquals(1, table.topicRoute("New").getQueueDatas().size());
        assertEquals(Set.of("New"), table.allTopics());
    }

    @Test
    void systemTopicsAreClusterAndBrokerNames() {
        table.register(registration("broker-a", MASTER_A, 0, new DataVersion(1, 1, 0), topics(), null));

        TopicList list = table.systemTopics();
        assertEquals(Set.of(CLUSTER, "broker-a"), list.getTopicList());
        assertEquals(MASTER_A, list.getBrokerAddr());
    }

    @Test
    void actingMasterModeShowsLowestSlaveAsMasterReadOnly() {
        table.register(new BrokerRegistration(CLUSTER, SLAVE_A, "broker-a", 1, "", null, true,
                new DataVersion(1, 1, 0), topics(topic("T1", 4)), null));

        TopicRouteData route = table.topicRoute("T1");
        assertEquals(READ, route.getQueueDatas().get(0).getPerm());
        assertEquals(SLAVE_A, route.getBrokerDatas().get(0).getBrokerAddrs().get(0L));
        assertTrue(route.getBrokerDatas().get(0).isEnableActingMaster());
    }
}
