package dev.apogee.namesrv.wire;

import com.alibaba.fastjson.serializer.SerializerFeature;
import dev.apogee.namesrv.route.BrokerData;
import dev.apogee.namesrv.route.ClusterView;
import dev.apogee.namesrv.route.DataVersion;
import dev.apogee.namesrv.route.QueueData;
import dev.apogee.namesrv.route.TopicConfig;
import dev.apogee.namesrv.route.TopicRoute;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigAndMappingSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.body.TopicList;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Our bodies against the official 5.3.3 classes: their output decodes here, ours decodes (and reads) there. */
class WireCodecInteropTest {

    private static RegisterBrokerBody officialRegisterBody() {
        org.apache.rocketmq.remoting.protocol.DataVersion version = new org.apache.rocketmq.remoting.protocol.DataVersion();
        version.setTimestamp(1796021109220L);
        version.setCounter(new AtomicLong(7));
        version.setStateVersion(3);
        ConcurrentHashMap<String, org.apache.rocketmq.common.TopicConfig> table = new ConcurrentHashMap<>();
        table.put("TopicTest", new org.apache.rocketmq.common.TopicConfig("TopicTest", 4, 4, 6));
        org.apache.rocketmq.common.TopicConfig tbw = new org.apache.rocketmq.common.TopicConfig("TBW102", 8, 8, 7);
        tbw.setTopicSysFlag(1);
        table.put("TBW102", tbw);
        TopicConfigAndMappingSerializeWrapper wrapper = new TopicConfigAndMappingSerializeWrapper();
        wrapper.setDataVersion(version);
        wrapper.setTopicConfigTable(table);
        RegisterBrokerBody body = new RegisterBrokerBody();
        body.setTopicConfigSerializeWrapper(wrapper);
        body.setFilterServerList(new ArrayList<>());
        return body;
    }

    @Test
    void decodesOfficialRegisterBrokerBody() {
        RegisterBrokerBody official = officialRegisterBody();

        dev.apogee.namesrv.wire.RegisterBrokerBody plain = RegisterBrokerBodyCodec.decode(official.encode(false), 0);

        assertEquals(new DataVersion(1796021109220L, 7, 3), plain.dataVersion());
        assertEquals(new TopicConfig("TopicTest", 4, 4, 6, 0), plain.topics().get("TopicTest"));
        assertEquals(new TopicConfig("TBW102", 8, 8, 7, 1), plain.topics().get("TBW102"));
    }

    @Test
    void decodesOfficialCompressedRegisterBrokerBody() {
        dev.apogee.namesrv.wire.RegisterBrokerBody compressed =
                CompressedRegisterBodyCodec.decode(officialRegisterBody().encode(true));

        assertEquals(new DataVersion(1796021109220L, 7, 3), compressed.dataVersion());
        assertEquals(new TopicConfig("TopicTest", 4, 4, 6, 0), compressed.topics().get("TopicTest"));
        assertEquals(new TopicConfig("TBW102", 8, 8, 7, 0), compressed.topics().get("TBW102"), "no sysFlag there");
    }

    @Test
    void decodesBareWrapperOfOldBrokersAndEmptyBody() {
        String bare = "{\"dataVersion\":{\"counter\":2,\"timestamp\":5},\"topicConfigTable\":{\"A\":{\"perm\":\"6\","
                + "\"readQueueNums\":2,\"writeQueueNums\":3}}}";
        dev.apogee.namesrv.wire.RegisterBrokerBody decoded =
                RegisterBrokerBodyCodec.decode(bare.getBytes(StandardCharsets.UTF_8), 0);
        assertEquals(new DataVersion(5, 2, 0), decoded.dataVersion());
        assertEquals(new TopicConfig("A", 2, 3, 6, 0), decoded.topics().get("A"));

        assertTrue(RegisterBrokerBodyCodec.decode(null, 42).topics().isEmpty());
        assertEquals(42, RegisterBrokerBodyCodec.decode(new byte[0], 42).dataVersion().timestamp());
    }

    private static TopicRoute route() {
        TreeMap<Long, String> addrs = new TreeMap<>(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"));
        return new TopicRoute(List.of(new QueueData("broker-a", 4, 4, 6, 0)),
                List.of(new BrokerData("DefaultCluster", "broker-a", addrs, false, null)), null);
    }

    private static TopicRouteData officialRoute() {
        org.apache.rocketmq.remoting.protocol.route.QueueData queueData =
                new org.apache.rocketmq.remoting.protocol.route.QueueData();
        queueData.setBrokerName("broker-a");
        queueData.setReadQueueNums(4);
        queueData.setWriteQueueNums(4);
        queueData.setPerm(6);
        HashMap<Long, String> addrs = new HashMap<>(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"));
        TopicRouteData data = new TopicRouteData();
        data.setQueueDatas(new ArrayList<>(List.of(queueData)));
        data.setBrokerDatas(new ArrayList<>(List.of(
                new org.apache.rocketmq.remoting.protocol.route.BrokerData("DefaultCluster", "broker-a", addrs))));
        data.setFilterServerTable(new HashMap<>());
        return data;
    }

    @Test
    void topicRouteMatchesOfficialEncodingByteForByte() {
        TopicRouteData official = officialRoute();

        String fastjsonDefault = new String(TopicRouteCodec.encode(route(), false), StandardCharsets.UTF_8);
        assertEquals(new String(official.encode(), StandardCharsets.UTF_8), fastjsonDefault);
        assertTrue(fastjsonDefault.contains("{0:\"127.0.0.1:10911\",1:"), fastjsonDefault);

        String standard = new String(TopicRouteCodec.encode(route(), true), StandardCharsets.UTF_8);
        assertEquals(new String(official.encode(SerializerFeature.BrowserCompatible,
                SerializerFeature.QuoteFieldNames, SerializerFeature.SkipTransientField,
                SerializerFeature.MapSortField), StandardCharsets.UTF_8), standard);

        TopicRouteData decoded = TopicRouteData.decode(standard.getBytes(StandardCharsets.UTF_8),
                TopicRouteData.class);
        assertEquals(official, decoded);
    }

    @Test
    void orderTopicConfIsWrittenAndQueueDatasReadBack() {
        TopicRoute withConf = route().withOrderTopicConf("broker-a:4");
        TopicRouteData decoded = TopicRouteData.decode(TopicRouteCodec.encode(withConf, true), TopicRouteData.class);
        assertEquals("broker-a:4", decoded.getOrderTopicConf());

        assertEquals(List.of(new QueueData("broker-a", 4, 4, 6, 0)),
                TopicRouteCodec.decodeQueueDatas(officialRoute().encode()));
    }

    @Test
    void clusterInfoTopicListKvTableAndDataVersionMatchOfficialShapes() {
        TreeMap<Long, String> addrs = new TreeMap<>(Map.of(0L, "127.0.0.1:10911"));
        ClusterView view = new ClusterView(Map.of("broker-a",
                new BrokerData("DefaultCluster", "broker-a", addrs, false, null)),
                Map.of("DefaultCluster", Set.of("broker-a")));
        byte[] clusterBody = SmallBodyCodec.clusterInfo(view);
        assertEquals("{\"brokerAddrTable\":{\"broker-a\":{\"brokerAddrs\":{0:\"127.0.0.1:10911\"},"
                + "\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\",\"enableActingMaster\":false}},"
                + "\"clusterAddrTable\":{\"DefaultCluster\":[\"broker-a\"]}}",
                new String(clusterBody, StandardCharsets.UTF_8));
        ClusterInfo clusterInfo = ClusterInfo.decode(clusterBody, ClusterInfo.class);
        assertEquals("127.0.0.1:10911", clusterInfo.getBrokerAddrTable().get("broker-a").getBrokerAddrs().get(0L));
        assertEquals(Set.of("broker-a"), clusterInfo.getClusterAddrTable().get("DefaultCluster"));

        TopicList topicList = TopicList.decode(SmallBodyCodec.topicList(new LinkedHashSet<>(List.of("A", "B")),
                "1.2.3.4:5"), TopicList.class);
        assertEquals(Set.of("A", "B"), topicList.getTopicList());
        assertEquals("1.2.3.4:5", topicList.getBrokerAddr());

        KVTable kvTable = KVTable.decode(SmallBodyCodec.kvTable(Map.of("k", "v")), KVTable.class);
        assertEquals(Map.of("k", "v"), kvTable.getTable());

        org.apache.rocketmq.remoting.protocol.DataVersion officialVersion =
                org.apache.rocketmq.remoting.protocol.DataVersion.decode(
                        SmallBodyCodec.dataVersion(new DataVersion(11, 22, 33)),
                        org.apache.rocketmq.remoting.protocol.DataVersion.class);
        assertEquals(11, officialVersion.getTimestamp());
        assertEquals(22, officialVersion.getCounter().get());
        assertEquals(33, officialVersion.getStateVersion());
        assertEquals(new DataVersion(11, 22, 33), SmallBodyCodec.decodeDataVersion(officialVersion.encode()));
    }

    @Test
    void malformedBodiesAreCommandErrors() {
        byte[] junk = "{not json".getBytes(StandardCharsets.UTF_8);
        assertFalse(org.junit.jupiter.api.Assertions.assertThrows(
                dev.apogee.remoting.protocol.RemotingCommandException.class,
                () -> RegisterBrokerBodyCodec.decode(junk, 0)).getMessage().isEmpty());
        org.junit.jupiter.api.Assertions.assertThrows(dev.apogee.remoting.protocol.RemotingCommandException.class,
                () -> CompressedRegisterBodyCodec.decode(junk));
    }
}
