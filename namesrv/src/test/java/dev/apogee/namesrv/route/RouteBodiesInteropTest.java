package dev.apogee.namesrv.route;

import com.alibaba.fastjson.serializer.SerializerFeature;
import dev.apogee.remoting.protocol.body.ClusterInfo;
import dev.apogee.remoting.protocol.body.DataVersion;
import dev.apogee.remoting.protocol.body.TopicConfig;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the route table hands out encodes exactly like the official name server's fastjson output. */
class RouteBodiesInteropTest {

    private static RouteInfoTable tableWithMasterAndSlave() {
        RouteInfoTable table = new RouteInfoTable(() -> 1000, 120_000);
        Map<String, TopicConfig> topics = Map.of("TopicTest", new TopicConfig("TopicTest", 4, 4, 6));
        table.register(new BrokerRegistration("DefaultCluster", "127.0.0.1:10911", "broker-a", 0, "h:1", null,
                false, new DataVersion(1, 1, 0), topics, null));
        table.register(new BrokerRegistration("DefaultCluster", "127.0.0.1:10921", "broker-a", 1, "h:2", null,
                false, new DataVersion(1, 1, 0), topics, null));
        return table;
    }

    private static TopicRouteData officialRoute() {
        QueueData queueData = new QueueData();
        queueData.setBrokerName("broker-a");
        queueData.setReadQueueNums(4);
        queueData.setWriteQueueNums(4);
        queueData.setPerm(6);
        HashMap<Long, String> addrs = new HashMap<>(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"));
        TopicRouteData data = new TopicRouteData();
        data.setQueueDatas(new ArrayList<>(List.of(queueData)));
        data.setBrokerDatas(new ArrayList<>(List.of(new BrokerData("DefaultCluster", "broker-a", addrs))));
        data.setFilterServerTable(new HashMap<>());
        return data;
    }

    @Test
    void topicRouteMatchesOfficialEncodingsByteForByte() {
        dev.apogee.remoting.protocol.body.TopicRouteData ours = tableWithMasterAndSlave().topicRoute("TopicTest");
        TopicRouteData official = officialRoute();

        assertEquals(new String(official.encode(), StandardCharsets.UTF_8),
                new String(ours.encode(false), StandardCharsets.UTF_8));
        assertEquals(new String(official.encode(SerializerFeature.BrowserCompatible,
                        SerializerFeature.QuoteFieldNames, SerializerFeature.SkipTransientField,
                        SerializerFeature.MapSortField), StandardCharsets.UTF_8),
                new String(ours.encode(true), StandardCharsets.UTF_8));
        assertEquals(official, TopicRouteData.decode(ours.encode(true), TopicRouteData.class));
    }

    @Test
    void clusterInfoMatchesTheCapturedShape() {
        ClusterInfo info = tableWithMasterAndSlave().clusterInfo();

        assertEquals("{\"brokerAddrTable\":{\"broker-a\":{"
                        + "\"brokerAddrs\":{0:\"127.0.0.1:10911\",1:\"127.0.0.1:10921\"},"
                        + "\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\",\"enableActingMaster\":false}},"
                        + "\"clusterAddrTable\":{\"DefaultCluster\":[\"broker-a\"]}}",
                info.toJson());
        org.apache.rocketmq.remoting.protocol.body.ClusterInfo official =
                org.apache.rocketmq.remoting.protocol.body.ClusterInfo.decode(info.encode(),
                        org.apache.rocketmq.remoting.protocol.body.ClusterInfo.class);
        assertEquals("127.0.0.1:10921", official.getBrokerAddrTable().get("broker-a").getBrokerAddrs().get(1L));
    }
}
