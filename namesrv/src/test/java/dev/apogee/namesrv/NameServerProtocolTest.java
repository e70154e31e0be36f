package dev.apogee.namesrv;

import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.namesrv.kv.KvConfigStore;
import dev.apogee.remoting.netty.RemotingBindException;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.remoting.protocol.body.TopicList;
import org.apache.rocketmq.remoting.protocol.header.GetTopicsByClusterRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.BrokerHeartbeatRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.QueryDataVersionRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.RegisterTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.PutKVConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Wire-level behaviour of an in-JVM name server, driven by the official 5.3.3 remoting client. */
class NameServerProtocolTest {
    private static final String MASTER = "127.0.0.1:1";

    @TempDir
    Path dir;

    private static NettyRemotingClient client;

    private final ManualClock clock = new ManualClock(1_000_000);
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private NameServer nameServer;

    @BeforeEach
    void start() throws Exception {
        nameServer = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("kv.json")).setClock(clock).setOrderMessageEnable(true)).start();
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable closeable : closeables) {
            closeable.close();
        }
        nameServer.shutdown();
    }

    @BeforeAll
    static void startClient() {
        client = FakeBroker.startClient();
    }

    @AfterAll
    static void stopClient() {
        client.shutdown();
    }

    private FakeBroker broker(String name, String addr, long id) {
        return new FakeBroker(client, nameServer.localAddress(), name, addr, id);
    }

    private FakeBroker brokerWithOwnConnection(String name, String addr, long id) {
        FakeBroker broker = new FakeBroker(nameServer.localAddress(), name, addr, id);
        closeables.add(broker);
        return broker;
    }

    private static RemotingCommand routeRequest(String topic, int version) {
        GetRouteInfoRequestHeader header = new GetRouteInfoRequestHeader();
        header.setTopic(topic);
        RemotingCommand request = RemotingCommand.createRequestCommand(RequestCode.GET_ROUTEINFO_BY_TOPIC, header);
        request.setVersion(version);
        return request;
    }

    @Test
    void routeBodyIsStandardJsonForNewClientsAndFastjsonForOld() throws Exception {
        FakeBroker broker = broker("broker-a", MASTER, 0).topic("TopicTest", 4, 6);
        assertEquals(ResponseCode.SUCCESS, broker.register().getCode());

        RemotingCommand modern = broker.send(routeRequest("TopicTest", 479), null);
        String modernBody = new String(modern.getBody(), StandardCharsets.UTF_8);
        assertTrue(modernBody.contains("\"brokerAddrs\":{\"0\":\"127.0.0.1:1\"}"), modernBody);

        RemotingCommand old = broker.send(routeRequest("TopicTest", 300), null);
        String oldBody = new String(old.getBody(), StandardCharsets.UTF_8);
        assertTrue(oldBody.contains("\"brokerAddrs\":{0:\"127.0.0.1:1\"}"), oldBody);
        assertEquals(4, TopicRouteData.decode(old.getBody(), TopicRouteData.class).getQueueDatas().get(0)
                .getWriteQueueNums());

        RemotingCommand unknown = broker.send(routeRequest("Nope", 479), null);
        assertEquals(ResponseCode.TOPIC_NOT_EXIST, unknown.getCode());
        assertEquals("No topic route info in name server for the topic: Nope\nSee "
                + "https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.", unknown.getRemark());
    }

    @Test
    void badCrcIsRefusedAndCompressedBodyAccepted() throws Exception {
        FakeBroker broker = broker("broker-a", MASTER, 0).topic("TopicTest", 4, 6);
        byte[] body = broker.body(false);
        var header = broker.header(false, body);
        header.setBodyCrc32(header.getBodyCrc32() ^ 1);
        RemotingCommand refused = broker.send(
                RemotingCommand.createRequestCommand(RequestCode.REGISTER_BROKER, header), body);
        assertEquals(ResponseCode.SYSTEM_ERROR, refused.getCode());
        assertEquals("crc32 not match", refused.getRemark());
        assertNull(nameServer.routes().topicRoute("TopicTest"));

        assertEquals(ResponseCode.SUCCESS, broker.register(true).getCode());
        assertEquals(4, nameServer.routes().topicRoute("TopicTest").getQueueDatas().get(0).getReadQueueNums());
    }

    @Test
    void slaveGetsMasterAddressesAndBrokersGetOrderTopicConfig() throws Exception {
        FakeBroker master = broker("broker-a", MASTER, 0).topic("TopicTest", 4, 6);
        RemotingCommand masterResponse = master.register();
        assertTrue(masterResponse.getExtFields() == null || masterResponse.getExtFields().isEmpty());
        assertNull(masterResponse.getBody());

        PutKVConfigRequestHeader put = new PutKVConfigRequestHeader();
        put.setNamespace(KvConfigStore.ORDER_TOPIC_CONFIG);
        put.setKey("TopicTest");
        put.setValue("broker-a:4");
        assertEquals(ResponseCode.SUCCESS,
                master.send(RemotingCommand.createRequestCommand(RequestCode.PUT_KV_CONFIG, put), null).getCode());

        RemotingCommand slaveResponse = broker("broker-a", "127.0.0.1:2", 1).topic("TopicTest", 4, 6).register();
        assertEquals(MASTER, slaveResponse.getExtFields().get("masterAddr"));
        assertEquals("127.0.0.1:10912", slaveResponse.getExtFields().get("haServerAddr"));
        assertEquals("broker-a:4", KVTable.decode(slaveResponse.getBody(), KVTable.class).getTable().get("TopicTest"));

        TopicRouteData route = TopicRouteData.decode(master.send(routeRequest("TopicTest", 479), null).getBody(),
                TopicRouteData.class);
        assertEquals("broker-a:4", route.getOrderTopicConf());
        assertEquals(2, route.getBrokerDatas().get(0).getBrokerAddrs().size());
    }

    @Test
    void unknownCodeAndMissingHeaderAreAnsweredWithErrors() throws Exception {
        FakeBroker broker = broker("broker-a", MASTER, 0);
        RemotingCommand unknown = broker.send(RemotingCommand.createRequestCommand(9999, null), null);
        assertEquals(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, unknown.getCode());

        RemotingCommand noTopic = broker.send(RemotingCommand.createRequestCommand(
                RequestCode.GET_ROUTEINFO_BY_TOPIC, null), null);
        assertEquals(ResponseCode.SYSTEM_ERROR, noTopic.getCode());
        assertTrue(noTopic.getRemark().contains("topic"), noTopic.getRemark());
    }

    @Test
    void silentBrokerExpiresOnScanAndClosedConnectionIsRemovedAtOnce() throws Exception {
        broker("broker-a", MASTER, 0).topic("A", 4, 6).register();
        FakeBroker b = brokerWithOwnConnection("broker-b", "127.0.0.1:2", 0).topic("B", 4, 6);
        b.register();

        clock.advance(60_000);
        b.register();
        clock.advance(60_001);
        assertEquals(1, nameServer.scanNotActiveBrokers());
        assertNull(nameServer.routes().topicRoute("A"));
        assertFalse(nameServer.routes().topicRoute("B").getQueueDatas().isEmpty());

        b.close();
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(5))
                .until(() -> nameServer.routes().topicRoute("B") == null);
        assertTrue(nameServer.routes().clusterInfo().getClusterAddrTable().isEmpty());
    }

    @Test
    void queryDataVersionAndHeartbeatKeepABrokerAlive() throws Exception {
        FakeBroker broker = broker("broker-a", MASTER, 0).topic("A", 4, 6);
        broker.register();
        QueryDataVersionRequestHeader query = new QueryDataVersionRequestHeader();
        query.setBrokerName("broker-a");
        query.setBrokerAddr(MASTER);
        query.setClusterName(FakeBroker.CLUSTER);
        query.setBrokerId(0L);

        clock.advance(100_000);
        RemotingCommand same = broker.send(RemotingCommand.createRequestCommand(RequestCode.QUERY_DATA_VERSION, query),
                broker.dataVersion().encode());
        assertEquals(ResponseCode.SUCCESS, same.getCode());
        assertEquals("false", same.getExtFields().get("changed"));
        assertEquals(broker.dataVersion(), org.apache.rocketmq.remoting.protocol.DataVersion.decode(same.getBody(),
                org.apache.rocketmq.remoting.protocol.DataVersion.class));

        clock.advance(100_000);
        BrokerHeartbeatRequestHeader heartbeat = new BrokerHeartbeatRequestHeader();
        heartbeat.setClusterName(FakeBroker.CLUSTER);
        heartbeat.setBrokerAddr(MASTER);
        heartbeat.setBrokerName("broker-a");
        assertEquals(ResponseCode.SUCCESS, broker.send(
                RemotingCommand.createRequestCommand(RequestCode.BROKER_HEARTBEAT, heartbeat), null).getCode());

        clock.advance(100_000);
        assertEquals(0, nameServer.scanNotActiveBrokers(), "both refreshed liveness");
        clock.advance(20_001);
        assertEquals(1, nameServer.scanNotActiveBrokers(), "expired: its connection is closed too");
        assertNull(nameServer.routes().topicRoute("A"));
        assertTrue(nameServer.routes().isBrokerTopicConfigChanged(FakeBroker.CLUSTER, MASTER,
                new dev.apogee.remoting.protocol.body.DataVersion()));
    }

    @Test
    void registerTopicSystemTopicsAndTopicsByCluster() throws Exception {
        FakeBroker broker = broker("broker-a", MASTER, 0).topic("A", 4, 6);
        broker.register();

        RegisterTopicRequestHeader registerTopic = new RegisterTopicRequestHeader();
        registerTopic.setTopic("Extra");
        TopicRouteData route = new TopicRouteData();
        org.apache.rocketmq.remoting.protocol.route.QueueData queueData =
                new org.apache.rocketmq.remoting.protocol.route.QueueData();
        queueData.setBrokerName("broker-a");
        queueData.setReadQueueNums(2);
        queueData.setWriteQueueNums(2);
        queueData.setPerm(6);
        route.setQueueDatas(new ArrayList<>(List.of(queueData)));
        route.setBrokerDatas(new ArrayList<>());
        assertEquals(ResponseCode.SUCCESS, broker.send(RemotingCommand.createRequestCommand(
                RequestCode.REGISTER_TOPIC_IN_NAMESRV, registerTopic), route.encode()).getCode());
        assertEquals(2, nameServer.routes().topicRoute("Extra").getQueueDatas().get(0).getWriteQueueNums());

        GetTopicsByClusterRequestHeader byCluster = new GetTopicsByClusterRequestHeader();
        byCluster.setCluster(FakeBroker.CLUSTER);
        TopicList topics = TopicList.decode(broker.send(RemotingCommand.createRequestCommand(
                RequestCode.GET_TOPICS_BY_CLUSTER, byCluster), null).getBody(), TopicList.class);
        assertEquals(Set.of("A", "Extra"), topics.getTopicList());

        TopicList system = TopicList.decode(broker.send(RemotingCommand.createRequestCommand(
                RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS, null), null).getBody(), TopicList.class);
        assertEquals(Set.of(FakeBroker.CLUSTER, "broker-a"), system.getTopicList());
        assertEquals(MASTER, system.getBrokerAddr());
    }

    @Test
    void portInUseIsAClearError(@TempDir Path other) {
        NameServer second = new NameServer(new NamesrvConfig().setListenPort(nameServer.port())
                .setBindAddress("127.0.0.1").setKvConfigPath(other.resolve("kv.json")));
        RemotingBindException e = assertThrows(RemotingBindException.class, second::start);
        assertTrue(e.getMessage().contains("already in use"), e.getMessage());
        second.shutdown();
    }
}
