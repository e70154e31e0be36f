package dev.apogee.remoting.protocol.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.fastjson.JSON;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** RegisterBrokerBody, TopicConfig(SerializeWrapper), DataVersion, KVTable, TopicList, GroupList. */
class RegistrationBodiesCompatibilityTest {

    private static org.apache.rocketmq.common.TopicConfig officialTopic() {
        var config = new org.apache.rocketmq.common.TopicConfig("TopicTest", 4, 4, 6);
        config.setOrder(true);
        config.setTopicSysFlag(1);
        config.setTopicFilterType(org.apache.rocketmq.common.TopicFilterType.MULTI_TAG);
        config.setAttributes(new HashMap<>(Map.of("+message.type", "FIFO")));
        return config;
    }

    @Test
    void registerBrokerBodyEncodedByOfficialBrokerDecodesWithOurs() {
        var official = new org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody();
        var wrapper = official.getTopicConfigSerializeWrapper();
        wrapper.getTopicConfigTable().put("TopicTest", officialTopic());
        wrapper.getDataVersion().nextVersion();
        official.setFilterServerList(List.of("f1"));

        RegisterBrokerBody ours = RegisterBrokerBody.decode(official.encode());
        TopicConfig config = ours.getTopicConfigSerializeWrapper().getTopicConfigTable().get("TopicTest");
        assertEquals("TopicTest", config.getTopicName());
        assertEquals(4, config.getReadQueueNums());
        assertEquals(4, config.getWriteQueueNums());
        assertEquals(6, config.getPerm());
        assertEquals(1, config.getTopicSysFlag());
        assertTrue(config.isOrder());
        assertEquals(TopicFilterType.MULTI_TAG, config.getTopicFilterType());
        assertEquals(Map.of("+message.type", "FIFO"), config.getAttributes());
        DataVersion version = ours.getTopicConfigSerializeWrapper().getDataVersion();
        assertEquals(wrapper.getDataVersion().getTimestamp(), version.getTimestamp());
        assertEquals(1, version.getCounter());
        assertEquals(wrapper.getMappingDataVersion().getTimestamp(),
            ours.getTopicConfigSerializeWrapper().getMappingDataVersion().getTimestamp());
        assertEquals(List.of("f1"), ours.getFilterServerList());
        assertEquals(official.toJson(), ours.toJson());
    }

    @Test
    void ourRegisterBrokerBodyDecodesWithOfficialNamesrvClass() {
        RegisterBrokerBody ours = new RegisterBrokerBody();
        TopicConfigSerializeWrapper wrapper = ours.getTopicConfigSerializeWrapper();
        TopicConfig config = new TopicConfig("TopicTest", 4, 8, PermName.PERM_READ | PermName.PERM_WRITE);
        config.getAttributes().put("k", "v");
        wrapper.getTopicConfigTable().put("TopicTest", config);
        wrapper.getTopicConfigTable().put("TBW102", new TopicConfig("TBW102", 8, 8, 7));
        wrapper.setDataVersion(new DataVersion(1796021109220L, 1, 0));
        wrapper.setMappingDataVersion(new DataVersion(1796021109228L, 0, 0));

        var official = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody.class);
        var table = official.getTopicConfigSerializeWrapper().getTopicConfigTable();
        assertEquals(2, table.size());
        assertEquals(8, table.get("TopicTest").getWriteQueueNums());
        assertEquals(Map.of("k", "v"), table.get("TopicTest").getAttributes());
        assertEquals(7, table.get("TBW102").getPerm());
        assertEquals(org.apache.rocketmq.common.TopicFilterType.SINGLE_TAG, table.get("TBW102").getTopicFilterType());
        assertEquals(1796021109220L, official.getTopicConfigSerializeWrapper().getDataVersion().getTimestamp());
        assertEquals(1L, official.getTopicConfigSerializeWrapper().getDataVersion().getCounter().get());
        assertEquals(1796021109228L, official.getTopicConfigSerializeWrapper().getMappingDataVersion().getTimestamp());
        assertTrue(official.getTopicConfigSerializeWrapper().getTopicQueueMappingInfoMap().isEmpty());
        assertTrue(official.getFilterServerList().isEmpty());
    }

    @Test
    void capturedRegistrationFromTheSpecRoundTripsExactly() {
        String captured = "{\"filterServerList\":[],\"topicConfigSerializeWrapper\":{"
            + "\"dataVersion\":{\"counter\":1,\"stateVersion\":0,\"timestamp\":1796021109220},"
            + "\"mappingDataVersion\":{\"counter\":0,\"stateVersion\":0,\"timestamp\":1796021109228},"
            + "\"topicConfigTable\":{\"TopicTest\":{\"attributes\":{},\"order\":false,\"perm\":6,\"readQueueNums\":4,"
            + "\"topicFilterType\":\"SINGLE_TAG\",\"topicName\":\"TopicTest\",\"topicSysFlag\":0,\"writeQueueNums\":4}},"
            + "\"topicQueueMappingDetailMap\":{},\"topicQueueMappingInfoMap\":{}}}";
        RegisterBrokerBody body = RegisterBrokerBody.decode(captured.getBytes(StandardCharsets.UTF_8));
        assertEquals(captured, body.toJson());
    }

    @Test
    void plainWrapperWithoutMappingMatchesOfficialGetAllTopicConfigShape() {
        var official = new org.apache.rocketmq.remoting.protocol.body.TopicConfigSerializeWrapper();
        official.getTopicConfigTable().put("TopicTest", officialTopic());
        TopicConfigSerializeWrapper ours = TopicConfigSerializeWrapper.decode(official.encode());
        assertNull(ours.getMappingDataVersion());
        assertEquals(official.toJson(), ours.toJson());
        var back = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.body.TopicConfigSerializeWrapper.class);
        assertEquals(officialTopic(), back.getTopicConfigTable().get("TopicTest"));
    }

    @Test
    void topicConfigBothWays() {
        var official = officialTopic();
        TopicConfig ours = TopicConfig.decode(JSON.toJSONBytes(official));
        assertEquals(JSON.toJSONString(official), ours.toJson());
        assertEquals(official, JSON.parseObject(ours.toJson(), org.apache.rocketmq.common.TopicConfig.class));
        TopicConfig defaults = new TopicConfig("T");
        assertEquals(JSON.toJSONString(new org.apache.rocketmq.common.TopicConfig("T")), defaults.toJson());
    }

    @Test
    void dataVersionBothWaysAndNextVersion() {
        var official = new org.apache.rocketmq.remoting.protocol.DataVersion();
        official.nextVersion(3);
        DataVersion ours = DataVersion.decode(official.encode());
        assertEquals(official.toJson(), ours.toJson());
        assertEquals(official.getTimestamp(), ours.getTimestamp());
        assertEquals(3, ours.getStateVersion());

        DataVersion copy = ours.copy();
        assertEquals(ours, copy);
        copy.nextVersion(1796021283718L);
        assertNotEquals(ours, copy);
        assertEquals(ours.getCounter() + 1, copy.getCounter());
        assertEquals(3, copy.getStateVersion());
        assertEquals("{\"counter\":2,\"stateVersion\":3,\"timestamp\":1796021283718}", copy.toJson());
        var back = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(copy.encode(),
            org.apache.rocketmq.remoting.protocol.DataVersion.class);
        assertEquals(2, back.getCounter().get());
        assertEquals(1796021283718L, back.getTimestamp());
        ours.assignFrom(copy);
        assertEquals(copy, ours);
    }

    @Test
    void kvTableTopicListGroupListBothWays() {
        var kv = new org.apache.rocketmq.remoting.protocol.body.KVTable();
        kv.setTable(new HashMap<>(Map.of("brokerVersion", "479", "msgPutTotalTodayNow", "12")));
        KVTable ourKv = KVTable.decode(kv.encode());
        assertEquals(kv.getTable(), ourKv.getTable());
        assertEquals(kv.toJson(), ourKv.toJson());
        assertEquals(kv.getTable(), org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ourKv.encode(),
            org.apache.rocketmq.remoting.protocol.body.KVTable.class).getTable());

        var topics = new org.apache.rocketmq.remoting.protocol.body.TopicList();
        topics.setTopicList(new LinkedHashSet<>(List.of("TopicTest")));
        topics.setBrokerAddr("127.0.0.1:10911");
        TopicList ourTopics = TopicList.decode(topics.encode());
        assertEquals(Set.of("TopicTest"), ourTopics.getTopicList());
        assertEquals("127.0.0.1:10911", ourTopics.getBrokerAddr());
        assertEquals(topics.toJson(), ourTopics.toJson());
        ourTopics.getTopicList().add("TBW102");
        var backTopics = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ourTopics.encode(),
            org.apache.rocketmq.remoting.protocol.body.TopicList.class);
        assertEquals(Set.of("TopicTest", "TBW102"), backTopics.getTopicList());

        var groups = new org.apache.rocketmq.remoting.protocol.body.GroupList();
        groups.getGroupList().add("cg1");
        GroupList ourGroups = GroupList.decode(groups.encode());
        assertEquals(Set.of("cg1"), ourGroups.getGroupList());
        assertEquals(groups.toJson(), ourGroups.toJson());
        ourGroups.getGroupList().add("cg2");
        assertEquals(Set.of("cg1", "cg2"), org.apache.rocketmq.remoting.protocol.RemotingSerializable
            .decode(ourGroups.encode(), org.apache.rocketmq.remoting.protocol.body.GroupList.class).getGroupList());
    }

    @Test
    void permNameMatchesOfficial() {
        for (int perm = 0; perm < 16; perm++) {
            assertEquals(org.apache.rocketmq.common.constant.PermName.isReadable(perm), PermName.isReadable(perm));
            assertEquals(org.apache.rocketmq.common.constant.PermName.isWriteable(perm), PermName.isWriteable(perm));
            assertEquals(org.apache.rocketmq.common.constant.PermName.isInherited(perm), PermName.isInherited(perm));
            assertEquals(org.apache.rocketmq.common.constant.PermName.isPriority(perm), PermName.isPriority(perm));
        }
        assertEquals(org.apache.rocketmq.common.constant.PermName.PERM_INHERIT, PermName.PERM_INHERIT);
        assertEquals(org.apache.rocketmq.common.constant.PermName.PERM_WRITE, PermName.PERM_WRITE);
        assertEquals(org.apache.rocketmq.common.constant.PermName.PERM_READ, PermName.PERM_READ);
        assertEquals(org.apache.rocketmq.common.constant.PermName.PERM_PRIORITY, PermName.PERM_PRIORITY);
        assertEquals("RW-", PermName.toString(6));
        assertFalse(PermName.isWriteable(4));
    }
}
