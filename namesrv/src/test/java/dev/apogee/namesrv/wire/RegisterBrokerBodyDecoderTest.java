package dev.apogee.namesrv.wire;

import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.body.DataVersion;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.body.TopicConfigSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigAndMappingSerializeWrapper;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every REGISTER_BROKER body form, as produced by the official 5.3.3 classes. */
class RegisterBrokerBodyDecoderTest {

    private static RegisterBrokerBody officialBody() {
        org.apache.rocketmq.remoting.protocol.DataVersion version =
                new org.apache.rocketmq.remoting.protocol.DataVersion();
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

    private static void assertTopic(TopicConfig config, String name, int queues, int perm, int sysFlag) {
        assertEquals(name, config.getTopicName());
        assertEquals(queues, config.getReadQueueNums());
        assertEquals(queues, config.getWriteQueueNums());
        assertEquals(perm, config.getPerm());
        assertEquals(sysFlag, config.getTopicSysFlag());
    }

    @Test
    void decodesOfficialJsonBody() {
        TopicConfigSerializeWrapper wrapper = RegisterBrokerBodyDecoder.decode(officialBody().encode(false));

        assertEquals(new DataVersion(1796021109220L, 7, 3), wrapper.getDataVersion());
        assertTopic(wrapper.getTopicConfigTable().get("TopicTest"), "TopicTest", 4, 6, 0);
        assertTopic(wrapper.getTopicConfigTable().get("TBW102"), "TBW102", 8, 7, 1);
    }

    @Test
    void decodesOfficialCompressedBodyWhateverTheHeaderSays() {
        TopicConfigSerializeWrapper wrapper = RegisterBrokerBodyDecoder.decode(officialBody().encode(true));

        assertEquals(new DataVersion(1796021109220L, 7, 3), wrapper.getDataVersion());
        assertTopic(wrapper.getTopicConfigTable().get("TopicTest"), "TopicTest", 4, 6, 0);
        assertTopic(wrapper.getTopicConfigTable().get("TBW102"), "TBW102", 8, 7, 0); // no sysFlag in this form
    }

    @Test
    void decodesBareWrapperOfOldBrokersAndEmptyBody() {
        String bare = "{\"dataVersion\":{\"counter\":2,\"timestamp\":5},\"topicConfigTable\":{\"A\":{\"perm\":\"6\","
                + "\"readQueueNums\":2,\"topicName\":\"A\",\"writeQueueNums\":2}}}";
        TopicConfigSerializeWrapper wrapper = RegisterBrokerBodyDecoder.decode(bare.getBytes(StandardCharsets.UTF_8));
        assertEquals(new DataVersion(5, 2, 0), wrapper.getDataVersion());
        assertTopic(wrapper.getTopicConfigTable().get("A"), "A", 2, 6, 0);

        assertTrue(RegisterBrokerBodyDecoder.decode(null).getTopicConfigTable().isEmpty());
        assertEquals(new DataVersion(), RegisterBrokerBodyDecoder.decode(new byte[0]).getDataVersion());
    }

    @Test
    void malformedBodiesAreCommandErrors() {
        RemotingCommandException json = assertThrows(RemotingCommandException.class,
                () -> RegisterBrokerBodyDecoder.decode("{not json".getBytes(StandardCharsets.UTF_8)));
        assertTrue(json.getMessage().contains("RegisterBrokerBody"), json.getMessage());
        assertThrows(RemotingCommandException.class,
                () -> RegisterBrokerBodyDecoder.decode(new byte[] {0x78, 0x01, 0x02}));
    }
}
