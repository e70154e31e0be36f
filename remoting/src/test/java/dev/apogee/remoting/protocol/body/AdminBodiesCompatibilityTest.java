package dev.apogee.remoting.protocol.body;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** TopicStatsTable, ConsumeStats (object-keyed maps) and ConsumerConnection against the official classes. */
class AdminBodiesCompatibilityTest {

    private static org.apache.rocketmq.common.message.MessageQueue officialQueue(int queueId) {
        return new org.apache.rocketmq.common.message.MessageQueue("TopicTest", "broker-a", queueId);
    }

    @Test
    void topicStatsTableBothWays() {
        var official = new org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable();
        var offset = new org.apache.rocketmq.remoting.protocol.admin.TopicOffset();
        offset.setMinOffset(1);
        offset.setMaxOffset(5);
        offset.setLastUpdateTimestamp(1796021283718L);
        official.getOffsetTable().put(officialQueue(3), offset);
        official.setTopicPutTps(2.5);
        String expected = "{\"offsetTable\":{{\"brokerName\":\"broker-a\",\"queueId\":3,\"topic\":\"TopicTest\"}:"
            + "{\"lastUpdateTimestamp\":1796021283718,\"maxOffset\":5,\"minOffset\":1}},\"topicPutTps\":2.5}";
        assertEquals(expected, official.toJson());

        TopicStatsTable ours = TopicStatsTable.decode(official.encode());
        assertEquals(expected, ours.toJson());
        TopicOffset ourOffset = ours.getOffsetTable().get(new MessageQueue("TopicTest", "broker-a", 3));
        assertEquals(5, ourOffset.getMaxOffset());
        assertEquals(1, ourOffset.getMinOffset());
        assertEquals(2.5, ours.getTopicPutTps());

        for (int q = 0; q < 4; q++) {
            ours.getOffsetTable().put(new MessageQueue("TopicTest", "broker-b", q), new TopicOffset(0, q, 7));
        }
        var back = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable.class);
        assertEquals(5, back.getOffsetTable().size());
        assertEquals(5, back.getOffsetTable().get(officialQueue(3)).getMaxOffset());
        assertEquals(2, back.getOffsetTable().get(new org.apache.rocketmq.common.message.MessageQueue("TopicTest",
            "broker-b", 2)).getMaxOffset());
        assertEquals(2.5, back.getTopicPutTps());
    }

    @Test
    void consumeStatsBothWays() {
        var official = new org.apache.rocketmq.remoting.protocol.admin.ConsumeStats();
        var wrapper = new org.apache.rocketmq.remoting.protocol.admin.OffsetWrapper();
        wrapper.setBrokerOffset(4);
        wrapper.setConsumerOffset(2);
        wrapper.setPullOffset(3);
        wrapper.setLastTimestamp(1796021283718L);
        official.getOffsetTable().put(officialQueue(1), wrapper);
        official.setConsumeTps(0.0);

        ConsumeStats ours = ConsumeStats.decode(official.encode());
        assertEquals(official.toJson(), ours.toJson());
        OffsetWrapper offsets = ours.getOffsetTable().get(new MessageQueue("TopicTest", "broker-a", 1));
        assertEquals(4, offsets.getBrokerOffset());
        assertEquals(2, offsets.getConsumerOffset());
        assertEquals(3, offsets.getPullOffset());
        assertEquals(1796021283718L, offsets.getLastTimestamp());
        assertEquals(official.computeTotalDiff(), ours.computeTotalDiff());

        ours.getOffsetTable().put(new MessageQueue("TopicTest", "broker-a", 2), new OffsetWrapper(10, 1, 1, 0));
        ours.setConsumeTps(12.25);
        var back = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.admin.ConsumeStats.class);
        assertEquals(2, back.getOffsetTable().size());
        assertEquals(10, back.getOffsetTable().get(officialQueue(2)).getBrokerOffset());
        assertEquals(12.25, back.getConsumeTps());
        assertEquals(ours.computeTotalDiff(), back.computeTotalDiff());
    }

    @Test
    void consumerConnectionBothWays() {
        var official = new org.apache.rocketmq.remoting.protocol.body.ConsumerConnection();
        var connection = new org.apache.rocketmq.remoting.protocol.body.Connection();
        connection.setClientAddr("127.0.0.1:44530");
        connection.setClientId("192.0.2.2@cgAInst");
        connection.setLanguage(org.apache.rocketmq.remoting.protocol.LanguageCode.JAVA);
        connection.setVersion(479);
        official.getConnectionSet().add(connection);
        official.setConsumeType(org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType.CONSUME_PASSIVELY);
        official.setMessageModel(org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel.CLUSTERING);
        official.setConsumeFromWhere(org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        var sub = new org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData("TopicTest", "*");
        official.getSubscriptionTable().put("TopicTest", sub);

        ConsumerConnection ours = ConsumerConnection.decode(official.encode());
        assertEquals(official.toJson(), ours.toJson());
        assertEquals(Set.of(new Connection("192.0.2.2@cgAInst", "127.0.0.1:44530", "JAVA", 479)),
            ours.getConnectionSet());
        assertEquals(ConsumeType.CONSUME_PASSIVELY, ours.getConsumeType());
        assertEquals("*", ours.getSubscriptionTable().get("TopicTest").getSubString());

        var back = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.body.ConsumerConnection.class);
        var backConnection = back.getConnectionSet().iterator().next();
        assertEquals(org.apache.rocketmq.remoting.protocol.LanguageCode.JAVA, backConnection.getLanguage());
        assertEquals(479, backConnection.getVersion());
        assertEquals(official.getMessageModel(), back.getMessageModel());
        assertEquals(official.getConsumeFromWhere(), back.getConsumeFromWhere());
        assertEquals(Map.of("TopicTest", sub), back.getSubscriptionTable());
    }

    @Test
    void queueKeysAsJsonStringsAreAcceptedToo() {
        String standard = "{\"offsetTable\":{\"{\\\"brokerName\\\":\\\"b\\\",\\\"queueId\\\":1,\\\"topic\\\":\\\"T\\\"}\":"
            + "{\"maxOffset\":9}},\"topicPutTps\":\"1.5\"}";
        TopicStatsTable table = TopicStatsTable.decode(standard.getBytes(StandardCharsets.UTF_8));
        assertEquals(9, table.getOffsetTable().get(new MessageQueue("T", "b", 1)).getMaxOffset());
        assertEquals(1.5, table.getTopicPutTps());
    }
}
