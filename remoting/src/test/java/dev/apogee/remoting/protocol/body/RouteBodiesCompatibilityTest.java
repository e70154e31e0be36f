package dev.apogee.remoting.protocol.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.fastjson.serializer.SerializerFeature;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** TopicRouteData, BrokerData, QueueData, ClusterInfo against the official 5.3.3 classes and fastjson 1.2.83. */
class RouteBodiesCompatibilityTest {

    static TopicRouteData sampleRoute() {
        TopicRouteData route = new TopicRouteData();
        route.getQueueDatas().add(new QueueData("broker-a", 4, 4, 6, 0));
        route.getQueueDatas().add(new QueueData("broker-b", 8, 2, 7, 1));
        BrokerData a = new BrokerData("DefaultCluster", "broker-a", new HashMap<>(Map.of(0L, "127.0.0.1:10911",
            1L, "127.0.0.1:10921")));
        BrokerData b = new BrokerData("DefaultCluster", "broker-b", new HashMap<>(Map.of(1L, "127.0.0.2:10911")));
        b.setEnableActingMaster(true);
        b.setZoneName("zone-é");
        route.getBrokerDatas().add(a);
        route.getBrokerDatas().add(b);
        return route;
    }

    static org.apache.rocketmq.remoting.protocol.route.TopicRouteData officialRoute() {
        var route = new org.apache.rocketmq.remoting.protocol.route.TopicRouteData();
        var qa = new org.apache.rocketmq.remoting.protocol.route.QueueData();
        qa.setBrokerName("broker-a");
        qa.setReadQueueNums(4);
        qa.setWriteQueueNums(4);
        qa.setPerm(6);
        route.getQueueDatas().add(qa);
        var ba = new org.apache.rocketmq.remoting.protocol.route.BrokerData("DefaultCluster", "broker-a",
            new HashMap<>(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921")));
        route.getBrokerDatas().add(ba);
        route.setOrderTopicConf("broker-a:4");
        route.getFilterServerTable().put("127.0.0.1:10911", List.of("f1"));
        return route;
    }

    @Test
    void ourRouteDecodesWithOfficialClassInBothDialects() {
        TopicRouteData ours = sampleRoute();
        ours.setOrderTopicConf("broker-a:4;broker-b:8");
        ours.getFilterServerTable().put("127.0.0.1:10911", List.of("f1", "f2"));
        for (boolean standard : new boolean[] {false, true}) {
            var official = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(standard),
                org.apache.rocketmq.remoting.protocol.route.TopicRouteData.class);
            assertEquals("broker-a:4;broker-b:8", official.getOrderTopicConf());
            assertEquals(2, official.getQueueDatas().size());
            var qb = official.getQueueDatas().get(1);
            assertEquals("broker-b", qb.getBrokerName());
            assertEquals(8, qb.getReadQueueNums());
            assertEquals(2, qb.getWriteQueueNums());
            assertEquals(7, qb.getPerm());
            assertEquals(1, qb.getTopicSysFlag());
            var ba = official.getBrokerDatas().get(0);
            assertEquals("DefaultCluster", ba.getCluster());
            assertEquals("127.0.0.1:10911", ba.getBrokerAddrs().get(0L));
            assertEquals("127.0.0.1:10921", ba.getBrokerAddrs().get(1L));
            assertEquals("127.0.0.1:10911", ba.selectBrokerAddr());
            var bb = official.getBrokerDatas().get(1);
            assertTrue(bb.isEnableActingMaster());
            assertEquals("zone-é", bb.getZoneName());
            assertEquals(Map.of(1L, "127.0.0.2:10911"), bb.getBrokerAddrs());
            assertEquals(List.of("f1", "f2"), official.getFilterServerTable().get("127.0.0.1:10911"));
        }
    }

    @Test
    void defaultDialectIsByteForByteFastjson() {
        var official = officialRoute();
        TopicRouteData ours = TopicRouteData.decode(official.encode());
        assertEquals(official.toJson(), ours.toJson());
        assertTrue(ours.toJson().contains("{0:\"127.0.0.1:10911\",1:\"127.0.0.1:10921\"}"));
    }

    @Test
    void standardDialectMatchesTheOfficialNamesrvFeatures() {
        var official = officialRoute();
        official.getBrokerDatas().get(0).setZoneName("zone-é/1");
        // exactly what the 5.3.3 namesrv uses for GET_ROUTEINFO_BY_TOPIC when the client accepts standard JSON
        String expected = new String(official.encode(SerializerFeature.BrowserCompatible,
            SerializerFeature.QuoteFieldNames, SerializerFeature.SkipTransientField, SerializerFeature.MapSortField),
            StandardCharsets.UTF_8);
        TopicRouteData ours = TopicRouteData.decode(official.encode());
        assertEquals(expected, ours.toJson(true));
        assertTrue(expected.contains("{\"0\":\"127.0.0.1:10911\",\"1\":\"127.0.0.1:10921\"}"));
        assertEquals(expected, new String(ours.encode(true), StandardCharsets.UTF_8));
    }

    @Test
    void officialRouteDecodesWithOursInBothDialects() {
        var official = officialRoute();
        byte[][] bodies = {official.encode(), official.encode(SerializerFeature.BrowserCompatible,
            SerializerFeature.QuoteFieldNames, SerializerFeature.SkipTransientField, SerializerFeature.MapSortField)};
        for (byte[] body : bodies) {
            TopicRouteData ours = TopicRouteData.decode(body);
            assertEquals("broker-a:4", ours.getOrderTopicConf());
            assertEquals(List.of(new QueueData("broker-a", 4, 4, 6, 0)), ours.getQueueDatas());
            BrokerData brokerData = ours.getBrokerDatas().get(0);
            assertEquals(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"), brokerData.getBrokerAddrs());
            assertEquals("127.0.0.1:10911", brokerData.masterAddr());
            assertEquals(Map.of("127.0.0.1:10911", List.of("f1")), ours.getFilterServerTable());
        }
    }

    @Test
    void capturedRouteFromTheSpecDecodes() {
        String captured = "{\"brokerDatas\":[{\"brokerAddrs\":{\"0\":\"127.0.0.1:10911\"},\"brokerName\":\"broker-a\","
            + "\"cluster\":\"DefaultCluster\",\"enableActingMaster\":false}],\"filterServerTable\":{},"
            + "\"queueDatas\":[{\"brokerName\":\"broker-a\",\"perm\":6,\"readQueueNums\":4,\"topicSysFlag\":0,"
            + "\"writeQueueNums\":4}]}";
        TopicRouteData route = TopicRouteData.decode(captured.getBytes(StandardCharsets.UTF_8));
        assertEquals(captured, route.toJson(true));
        assertNull(route.getOrderTopicConf());
    }

    @Test
    void brokerDataSelectsMasterElseASlave() {
        BrokerData data = new BrokerData("c", "b", new HashMap<>(Map.of(1L, "s1", 2L, "s2")));
        assertNull(data.masterAddr());
        SplittableRandom random = new SplittableRandom(1);
        Set<String> seen = new TreeSet<>();
        for (int i = 0; i < 50; i++) {
            seen.add(data.selectBrokerAddr(random));
        }
        assertEquals(Set.of("s1", "s2"), seen);
        data.getBrokerAddrs().put(BrokerData.MASTER_ID, "m");
        assertEquals("m", data.selectBrokerAddr());
        assertNull(new BrokerData("c", "b", new HashMap<>()).selectBrokerAddr());
    }

    @Test
    void clusterInfoBothWays() {
        var official = new org.apache.rocketmq.remoting.protocol.body.ClusterInfo();
        var bd = new org.apache.rocketmq.remoting.protocol.route.BrokerData("DefaultCluster", "broker-a",
            new HashMap<>(Map.of(0L, "127.0.0.1:10911")));
        official.setBrokerAddrTable(new HashMap<>(Map.of("broker-a", bd)));
        official.setClusterAddrTable(new HashMap<>(Map.of("DefaultCluster", Set.of("broker-a"))));
        String captured = "{\"brokerAddrTable\":{\"broker-a\":{\"brokerAddrs\":{0:\"127.0.0.1:10911\"},"
            + "\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\",\"enableActingMaster\":false}},"
            + "\"clusterAddrTable\":{\"DefaultCluster\":[\"broker-a\"]}}";
        assertEquals(captured, official.toJson());

        ClusterInfo ours = ClusterInfo.decode(official.encode());
        assertEquals(captured, ours.toJson());
        assertEquals("127.0.0.1:10911", ours.getBrokerAddrTable().get("broker-a").masterAddr());
        assertEquals(Set.of("broker-a"), ours.getClusterAddrTable().get("DefaultCluster"));

        var back = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.body.ClusterInfo.class);
        assertEquals("127.0.0.1:10911", back.getBrokerAddrTable().get("broker-a").getBrokerAddrs().get(0L));
        assertEquals(Set.of("broker-a"), back.getClusterAddrTable().get("DefaultCluster"));
        assertEquals(List.of("127.0.0.1:10911"), List.of(back.retrieveAllAddrByCluster("DefaultCluster")));
    }
}
