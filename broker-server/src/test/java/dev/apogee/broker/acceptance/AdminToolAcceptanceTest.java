package dev.apogee.broker.acceptance;

import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

import static dev.apogee.broker.acceptance.OfficialClients.bytes;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The official admin API ({@code DefaultMQAdminExt}, what mqadmin uses) against our name server and broker. */
class AdminToolAcceptanceTest {
    @TempDir
    static Path dir;
    private static AcceptanceServers servers;
    private static DefaultMQAdminExt admin;

    @BeforeAll
    static void start() throws Exception {
        servers = AcceptanceServers.start(dir);
        admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(servers.namesrvAddress());
        admin.setInstanceName(OfficialClients.unique("admin"));
        admin.start();
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.shutdown();
        }
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void clusterInfoListsOurBroker() throws Exception {
        ClusterInfo info = admin.examineBrokerClusterInfo();
        assertEquals(Set.of(AcceptanceServers.BROKER_NAME), info.getClusterAddrTable().get(AcceptanceServers.CLUSTER));
        BrokerData broker = info.getBrokerAddrTable().get(AcceptanceServers.BROKER_NAME);
        assertEquals(servers.brokerAddress(), broker.getBrokerAddrs().get(0L));
    }

    @Test
    void brokerRuntimeInfoAnswers() throws Exception {
        // what `mqadmin clusterList` asks every broker (GET_BROKER_RUNTIME_INFO)
        KVTable table = admin.fetchBrokerRuntimeStats(servers.brokerAddress());
        assertFalse(table.getTable().isEmpty());
        assertNotNull(table.getTable().get("brokerVersion"));
    }

    @Test
    void createTopicThenListAndRouteIt() throws Exception {
        String topic = OfficialClients.unique("AdminTopic");
        admin.createAndUpdateTopicConfig(servers.brokerAddress(), new TopicConfig(topic, 3, 3, 6));
        await("the new topic reaches the name server").atMost(Duration.ofSeconds(20))
                .until(() -> admin.fetchAllTopicList().getTopicList().contains(topic));
        TopicRouteData route = admin.examineTopicRouteInfo(topic);
        QueueData queues = route.getQueueDatas().get(0);
        assertEquals(AcceptanceServers.BROKER_NAME, queues.getBrokerName());
        assertEquals(3, queues.getReadQueueNums());
        assertEquals(3, queues.getWriteQueueNums());
        assertEquals(6, queues.getPerm());

        DefaultMQProducer producer = OfficialClients.producer(servers.namesrvAddress(), "pg-admin");
        producer.start();
        try {
            assertEquals(3, producer.fetchPublishMessageQueues(topic).size());
            assertEquals(SendStatus.SEND_OK, producer.send(new Message(topic, bytes("hello"))).getSendStatus());
        } finally {
            producer.shutdown();
        }
        assertTrue(admin.fetchAllTopicList().getTopicList().contains(topic));
    }
}
