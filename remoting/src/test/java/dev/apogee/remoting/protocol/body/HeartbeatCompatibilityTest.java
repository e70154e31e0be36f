package dev.apogee.remoting.protocol.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** HeartbeatData, ProducerData, ConsumerData, SubscriptionData against the official 5.3.3 classes. */
class HeartbeatCompatibilityTest {

    static final String CAPTURED = "{\"clientID\":\"192.0.2.2@cg1Inst\",\"consumerDataSet\":[{\"consumeFromWhere\":"
        + "\"CONSUME_FROM_FIRST_OFFSET\",\"consumeType\":\"CONSUME_PASSIVELY\",\"groupName\":\"cg1\",\"messageModel\":"
        + "\"CLUSTERING\",\"subscriptionDataSet\":[{\"classFilterMode\":false,\"codeSet\":[],\"expressionType\":\"TAG\","
        + "\"subString\":\"*\",\"subVersion\":1796021139763,\"tagsSet\":[],\"topic\":\"%RETRY%cg1\"},"
        + "{\"classFilterMode\":false,\"codeSet\":[2598919,2598920],\"expressionType\":\"TAG\",\"subString\":"
        + "\"TagA || TagB\",\"subVersion\":1796021139339,\"tagsSet\":[\"TagA\",\"TagB\"],\"topic\":\"TopicTest\"}],"
        + "\"unitMode\":false}],\"heartbeatFingerprint\":0,\"producerDataSet\":[{\"groupName\":\"CLIENT_INNER_PRODUCER\"}],"
        + "\"withoutSub\":false}";

    @Test
    void capturedHeartbeatDecodesAndReencodesExactly() {
        HeartbeatData heartbeat = HeartbeatData.decode(CAPTURED.getBytes(StandardCharsets.UTF_8));
        assertEquals("192.0.2.2@cg1Inst", heartbeat.getClientID());
        assertEquals(Set.of(new ProducerData("CLIENT_INNER_PRODUCER")), heartbeat.getProducerDataSet());
        ConsumerData consumer = heartbeat.getConsumerDataSet().iterator().next();
        assertEquals(ConsumeType.CONSUME_PASSIVELY, consumer.getConsumeType());
        assertEquals(MessageModel.CLUSTERING, consumer.getMessageModel());
        assertEquals(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, consumer.getConsumeFromWhere());
        List<SubscriptionData> subs = new ArrayList<>(consumer.getSubscriptionDataSet());
        assertEquals(SubscriptionData.buildSubscriptionData("TopicTest", "TagA || TagB", 1796021139339L), subs.get(1));
        assertEquals(SubscriptionData.buildSubscriptionData("%RETRY%cg1", "*", 1796021139763L), subs.get(0));
        assertEquals(CAPTURED, heartbeat.toJson());
    }

    @Test
    void ourHeartbeatDecodesWithOfficialClass() {
        HeartbeatData ours = HeartbeatData.decode(CAPTURED.getBytes(StandardCharsets.UTF_8));
        ours.setHeartbeatFingerprint(-7);
        ours.setWithoutSub(true);
        var official = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData.class);
        assertEquals("192.0.2.2@cg1Inst", official.getClientID());
        assertEquals(-7, official.getHeartbeatFingerprint());
        assertTrue(official.isWithoutSub());
        assertEquals("CLIENT_INNER_PRODUCER", official.getProducerDataSet().iterator().next().getGroupName());
        var consumer = official.getConsumerDataSet().iterator().next();
        assertEquals(org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType.CONSUME_PASSIVELY,
            consumer.getConsumeType());
        assertEquals(org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel.CLUSTERING,
            consumer.getMessageModel());
        assertEquals(org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
            consumer.getConsumeFromWhere());
        var expected = new org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData("TopicTest", "TagA || TagB");
        expected.setSubVersion(1796021139339L);
        expected.setTagsSet(new LinkedHashSet<>(List.of("TagA", "TagB")));
        expected.setCodeSet(new LinkedHashSet<>(List.of("TagA".hashCode(), "TagB".hashCode())));
        assertTrue(consumer.getSubscriptionDataSet().contains(expected), consumer.getSubscriptionDataSet()::toString);
    }

    @Test
    void officialHeartbeatDecodesWithOurs() {
        var official = new org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData();
        official.setClientID("10.0.0.1@pid#123");
        var producer = new org.apache.rocketmq.remoting.protocol.heartbeat.ProducerData();
        producer.setGroupName("pg1");
        official.getProducerDataSet().add(producer);
        var consumer = new org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData();
        consumer.setGroupName("cg2");
        consumer.setConsumeType(org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType.CONSUME_ACTIVELY);
        consumer.setMessageModel(org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel.BROADCASTING);
        consumer.setConsumeFromWhere(org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_TIMESTAMP);
        consumer.setUnitMode(true);
        var sql = new org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData("T", "a > 1");
        sql.setExpressionType("SQL92");
        consumer.getSubscriptionDataSet().add(sql);
        official.getConsumerDataSet().add(consumer);
        official.setHeartbeatFingerprint(42);

        HeartbeatData ours = HeartbeatData.decode(official.encode());
        assertEquals(official.toJson(), ours.toJson());
        assertEquals(42, ours.getHeartbeatFingerprint());
        ConsumerData c = ours.getConsumerDataSet().iterator().next();
        assertEquals("cg2", c.getGroupName());
        assertEquals(ConsumeType.CONSUME_ACTIVELY, c.getConsumeType());
        assertEquals(MessageModel.BROADCASTING, c.getMessageModel());
        assertEquals(ConsumeFromWhere.CONSUME_FROM_TIMESTAMP, c.getConsumeFromWhere());
        assertTrue(c.isUnitMode());
        SubscriptionData s = c.getSubscriptionDataSet().iterator().next();
        assertEquals(ExpressionType.SQL92, s.getExpressionType());
        assertEquals("a > 1", s.getSubString());
        assertEquals(sql.getSubVersion(), s.getSubVersion());
    }

    @Test
    void enumOrdinalsAndNamesMatchOfficial() {
        assertNames(org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType.values(), ConsumeType.values());
        assertNames(org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel.values(), MessageModel.values());
        assertNames(org.apache.rocketmq.common.consumer.ConsumeFromWhere.values(), ConsumeFromWhere.values());
        assertNames(org.apache.rocketmq.common.TopicFilterType.values(), TopicFilterType.values());
        assertEquals(org.apache.rocketmq.common.filter.ExpressionType.TAG, ExpressionType.TAG);
        assertEquals(org.apache.rocketmq.common.filter.ExpressionType.SQL92, ExpressionType.SQL92);
        assertTrue(ExpressionType.isTagType(null));
        assertFalse(ExpressionType.isTagType("SQL92"));
    }

    private static void assertNames(Enum<?>[] official, Enum<?>[] ours) {
        assertEquals(official.length, ours.length);
        for (int i = 0; i < ours.length; i++) {
            assertEquals(official[i].name(), ours[i].name());
        }
    }

    @Test
    void enumsAcceptOrdinalsAndUnknownNamesReadAsNull() {
        String json = "{\"consumeType\":1,\"messageModel\":\"NO_SUCH\",\"consumeFromWhere\":null,\"groupName\":\"g\"}";
        ConsumerData data = ConsumerData.readFrom(new dev.apogee.remoting.json.JsonReader(json));
        assertEquals(ConsumeType.CONSUME_PASSIVELY, data.getConsumeType());
        assertEquals(null, data.getMessageModel());
        assertEquals(null, data.getConsumeFromWhere());
        assertEquals("g", data.getGroupName());
    }
}
