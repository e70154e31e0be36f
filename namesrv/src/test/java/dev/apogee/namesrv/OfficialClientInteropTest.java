package dev.apogee.namesrv;

import dev.apogee.namesrv.config.NamesrvConfig;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.body.TopicList;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official 5.3.3 producer and admin tool against an in-JVM name server, with fake brokers registered through
 * the official remoting client. One producer and one admin for the whole class: the official clients take seconds
 * to start and stop.
 */
@Tag("slow")
class OfficialClientInteropTest {
    /** Nothing listens there, so the producer's connection attempts fail fast. */
    private static final String BROKER_A = "127.0.0.1:1";
    private static final String BROKER_B = "127.0.0.1:2";

    @TempDir
    static Path dir;

    private static NameServer nameServer;
    private static NettyRemotingClient brokerClient;
    private static DefaultMQProducer producer;
    private static DefaultMQAdminExt admin;

    private FakeBroker brokerA;

    @BeforeAll
    static void startAll() throws Exception {
        System.setProperty("rocketmq.client.logUseSlf4j", "true");
        nameServer = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("kv.json"))).start();
        brokerClient = FakeBroker.startClient();
        String unique = UUID.randomUUID().toString();
        producer = new DefaultMQProducer("pg-" + unique);
        producer.setNamesrvAddr(nameServer.localAddress());
        producer.setInstanceName("producer-" + unique);
        producer.start();
        admin = new DefaultMQAdminExt(3000);
        admin.setNamesrvAddr(nameServer.localAddress());
        admin.setInstanceName("admin-" + unique);
        admin.start();
    }

    @AfterAll
    static void stopAll() {
        if (admin != null) {
            admin.shutdown();
        }
        if (producer != null) {
            producer.shutdown();
        }
        if (brokerClient != null) {
            brokerClient.shutdown();
        }
        if (nameServer != null) {
            nameServer.shutdown();
        }
    }

    @BeforeEach
    void registerBroker() throws Exception {
        brokerA = new FakeBroker(brokerClient, nameServer.localAddress(), "broker-a", BROKER_A, 0)
                .topic("TopicTest", 4, 6).topic("TBW102", 8, 7);
        assertEquals(0, brokerA.register().getCode());
    }

    @AfterEach
    void unregisterBrokers() throws Exception {
        brokerA.unregister();
    }

    @SuppressWarnings("deprecation") // the accessor the official tests use; no public replacement in 5.3.3
    private static MQClientAPIImpl producerApi() {
        return producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
    }

    @Test
    void producerGetsRouteAndPublishQueues() throws Exception {
        TopicRouteData route = producerApi().getTopicRouteInfoFromNameServer("TopicTest", 3000);

        assertEquals(1, route.getQueueDatas().size());
        assertEquals("broker-a", route.getQueueDatas().get(0).getBrokerName());
        assertEquals(4, route.getQueueDatas().get(0).getWriteQueueNums());
        assertEquals(6, route.getQueueDatas().get(0).getPerm());
        assertEquals(Map.of(0L, BROKER_A), route.getBrokerDatas().get(0).getBrokerAddrs());
        assertEquals(FakeBroker.CLUSTER, route.getBrokerDatas().get(0).getCluster());

        List<MessageQueue> queues = producer.fetchPublishMessageQueues("TopicTest");
        assertEquals(4, queues.size());
    }

    @Test
    void unknownTopicIsTopicNotExist() {
        MQClientException e = assertThrows(MQClientException.class,
                () -> producerApi().getTopicRouteInfoFromNameServer("NoSuchTopic", 3000));
        assertEquals(17, e.getResponseCode());
    }

    @Test
    void adminSeesClustersTopicsAndRoutes() throws Exception {
        ClusterInfo clusterInfo = admin.examineBrokerClusterInfo();
        assertEquals(Set.of("broker-a"), clusterInfo.getClusterAddrTable().get(FakeBroker.CLUSTER));
        assertEquals(BROKER_A, clusterInfo.getBrokerAddrTable().get("broker-a").getBrokerAddrs().get(0L));

        TopicList all = admin.fetchAllTopicList();
        assertEquals(Set.of("TopicTest", "TBW102"), all.getTopicList());
        assertEquals(Set.of("TopicTest", "TBW102"), admin.fetchTopicsByCLuster(FakeBroker.CLUSTER).getTopicList());

        TopicRouteData route = admin.examineTopicRouteInfo("TBW102");
        assertEquals(7, route.getQueueDatas().get(0).getPerm());
        assertTrue(admin.getNameServerConfig(List.of(nameServer.localAddress()))
                .get(nameServer.localAddress()).containsKey("listenPort"));
    }

    @Test
    void adminKvConfigRoundTrip() throws Exception {
        admin.createAndUpdateKvConfig("ORDER_TOPIC_CONFIG", "TopicTest", "broker-a:4");
        assertEquals("broker-a:4", admin.getKVConfig("ORDER_TOPIC_CONFIG", "TopicTest"));
        assertEquals(Map.of("TopicTest", "broker-a:4"), admin.getKVListByNamespace("ORDER_TOPIC_CONFIG").getTable());

        admin.deleteKvConfig("ORDER_TOPIC_CONFIG", "TopicTest");
        MQClientException e = assertThrows(MQClientException.class,
                () -> admin.getKVConfig("ORDER_TOPIC_CONFIG", "TopicTest"));
        assertEquals(22, e.getResponseCode());
    }

    @Test
    void adminWipesAndRestoresWritePermission() throws Exception {
        assertEquals(2, admin.wipeWritePermOfBroker(nameServer.localAddress(), "broker-a"));
        assertEquals(4, admin.examineTopicRouteInfo("TopicTest").getQueueDatas().get(0).getPerm());
        assertEquals(2, admin.addWritePermOfBroker(nameServer.localAddress(), "broker-a"));
        assertEquals(6, admin.examineTopicRouteInfo("TopicTest").getQueueDatas().get(0).getPerm());
    }

    @Test
    void adminDeletesTopicAndUpdatesConfig() throws Exception {
        admin.deleteTopicInNameServer(Set.of(nameServer.localAddress()), "TopicTest");
        assertEquals(Set.of("TBW102"), admin.fetchAllTopicList().getTopicList());

        Properties properties = new Properties();
        properties.setProperty("enableAllTopicList", "false");
        admin.updateNameServerConfig(properties, List.of(nameServer.localAddress()));
        MQClientException disabled = assertThrows(MQClientException.class, admin::fetchAllTopicList);
        assertEquals(1, disabled.getResponseCode());
        properties.setProperty("enableAllTopicList", "true");
        admin.updateNameServerConfig(properties, List.of(nameServer.localAddress()));
    }

    @Test
    void unregisterRemovesRoutes() throws Exception {
        FakeBroker brokerB = new FakeBroker(brokerClient, nameServer.localAddress(), "broker-b", BROKER_B, 0)
                .topic("TopicTest", 2, 6).topic("OnlyB", 1, 6);
        brokerB.register();
        assertEquals(2, admin.examineTopicRouteInfo("TopicTest").getQueueDatas().size());

        assertEquals(0, brokerB.unregister().getCode());
        assertEquals(1, admin.examineTopicRouteInfo("TopicTest").getQueueDatas().size());
        MQClientException gone = assertThrows(MQClientException.class, () -> admin.examineTopicRouteInfo("OnlyB"));
        assertEquals(17, gone.getResponseCode());
    }

    @Test
    void closedBrokerConnectionRemovesRoutes() throws Exception {
        try (FakeBroker brokerB = new FakeBroker(nameServer.localAddress(), "broker-b", BROKER_B, 0)
                .topic("OnlyB", 1, 6)) {
            brokerB.register();
            assertEquals(1, producerApi().getTopicRouteInfoFromNameServer("OnlyB", 3000).getQueueDatas().size());
        }
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            MQClientException e = assertThrows(MQClientException.class,
                    () -> producerApi().getTopicRouteInfoFromNameServer("OnlyB", 3000));
            assertEquals(17, e.getResponseCode());
        });
        assertEquals(Set.of("broker-a"), admin.examineBrokerClusterInfo().getBrokerAddrTable().keySet());
    }
}
