package dev.apogee.remoting.protocol.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.remoting.json.JsonException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** What fastjson tolerates, we tolerate; what it rejects, we reject with JsonException only. */
class BodyLeniencyTest {

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void numbersAsStringsUnknownAndMissingMembers() {
        String json = "{\"queueDatas\":[{\"brokerName\":\"b\",\"perm\":\"6\",\"readQueueNums\":\"4\",\"future\":{\"x\":[1]}}],"
            + "\"brokerDatas\":[{\"brokerAddrs\":{0:\"a:1\",\"1\":\"a:2\"},\"brokerName\":\"b\",\"enableActingMaster\":\"true\"}],"
            + "\"topicQueueMappingByBroker\":{\"b\":{\"bname\":\"b\",\"epoch\":1}},\"newMember\":null}";
        TopicRouteData route = TopicRouteData.decode(utf8(json));
        QueueData queueData = route.getQueueDatas().get(0);
        assertEquals(6, queueData.getPerm());
        assertEquals(4, queueData.getReadQueueNums());
        assertEquals(0, queueData.getWriteQueueNums());
        BrokerData brokerData = route.getBrokerDatas().get(0);
        assertEquals(Map.of(0L, "a:1", 1L, "a:2"), brokerData.getBrokerAddrs());
        assertTrue(brokerData.isEnableActingMaster());
        assertNull(brokerData.getCluster());
        assertNotNull(route.getFilterServerTable());
    }

    @Test
    void nullListsKeepNonNullDefaults() {
        TopicRouteData route = TopicRouteData.decode(utf8("{\"queueDatas\":null,\"brokerDatas\":null}"));
        assertTrue(route.getQueueDatas().isEmpty());
        assertTrue(route.getBrokerDatas().isEmpty());
        HeartbeatData heartbeat = HeartbeatData.decode(utf8("{\"consumerDataSet\":[null],\"producerDataSet\":null}"));
        assertTrue(heartbeat.getConsumerDataSet().isEmpty());
        assertTrue(heartbeat.getProducerDataSet().isEmpty());
        assertFalse(heartbeat.isWithoutSub());
    }

    @Test
    void emptyObjectsDecodeToDefaults() {
        assertEquals(new TopicConfig(null).toJson(), TopicConfig.decode(utf8("{}")).toJson());
        assertEquals("{\"counter\":0,\"stateVersion\":0,\"timestamp\":0}", DataVersion.decode(utf8("{}")).toJson());
        assertEquals(List.of(), ConsumerIdList.decode(utf8("{}")).getConsumerIdList());
        assertEquals("{\"offsetTable\":{},\"topicPutTps\":0.0}", TopicStatsTable.decode(utf8(" {} ")).toJson());
    }

    @Test
    void malformedBodiesThrowJsonException() {
        String[] bad = {"", "{", "[]", "{\"queueDatas\":{}}", "{\"brokerDatas\":[{\"brokerAddrs\":{x:\"a\"}}]}",
            "{\"queueDatas\":[{\"perm\":\"six\"}]}", "{} {}", "null x", "{\"queueDatas\":[1]}"};
        for (String body : bad) {
            assertThrows(JsonException.class, () -> TopicRouteData.decode(utf8(body)), body);
        }
        assertThrows(JsonException.class, () -> TopicStatsTable.decode(utf8("{\"offsetTable\":{\"notjson\":{}}}")));
        assertThrows(JsonException.class, () -> MessageQueue.decode(utf8("null")));
        assertThrows(JsonException.class, () -> HeartbeatData.decode(null));
    }

    @Test
    void mutatedBodiesOnlyEverThrowJsonException() {
        List<Function<byte[], ?>> decoders = List.of(TopicRouteData::decode, HeartbeatData::decode,
            RegisterBrokerBody::decode, TopicStatsTable::decode, ConsumeStats::decode, ClusterInfo::decode);
        String[] seeds = {
            RouteBodiesCompatibilityTest.sampleRoute().toJson(),
            HeartbeatCompatibilityTest.CAPTURED,
            new RegisterBrokerBody().toJson(),
            "{\"offsetTable\":{{\"brokerName\":\"b\",\"queueId\":3,\"topic\":\"T\"}:{\"maxOffset\":5}},\"topicPutTps\":0.0}",
            "{\"consumeTps\":0.0,\"offsetTable\":{{\"brokerName\":\"b\",\"queueId\":3,\"topic\":\"T\"}:{\"brokerOffset\":4}}}",
            "{\"brokerAddrTable\":{\"b\":{\"brokerAddrs\":{0:\"a:1\"}}},\"clusterAddrTable\":{\"c\":[\"b\"]}}",
        };
        byte[] alphabet = utf8("{}[]:,\"0123456789-.etrufalsn\\ x");
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 6_000; i++) {
            int which = random.nextInt(seeds.length);
            byte[] body = utf8(seeds[which]);
            for (int m = random.nextInt(1, 4); m > 0; m--) {
                body[random.nextInt(body.length)] = alphabet[random.nextInt(alphabet.length)];
            }
            try {
                decoders.get(which).apply(body);
            } catch (JsonException expected) {
                // the only failure allowed
            }
        }
    }
}
