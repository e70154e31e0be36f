package dev.apogee.remoting.protocol.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Consumer id list, lock/unlock bodies, CHECK_CLIENT_CONFIG and MessageQueue against the official classes. */
class CoordinationBodiesCompatibilityTest {

    private static org.apache.rocketmq.common.message.MessageQueue officialQueue(int queueId) {
        return new org.apache.rocketmq.common.message.MessageQueue("TopicTest", "broker-a", queueId);
    }

    @Test
    void consumerIdListBothWays() {
        String captured = "{\"consumerIdList\":[\"192.0.2.2@cg1Inst\"]}";
        var official = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(
            captured.getBytes(StandardCharsets.UTF_8),
            org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupResponseBody.class);
        ConsumerIdList ours = ConsumerIdList.decode(official.encode());
        assertEquals(List.of("192.0.2.2@cg1Inst"), ours.getConsumerIdList());
        assertEquals(captured, ours.toJson());
        ours.getConsumerIdList().add("192.0.2.3@cg1Inst");
        var back = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupResponseBody.class);
        assertEquals(List.of("192.0.2.2@cg1Inst", "192.0.2.3@cg1Inst"), back.getConsumerIdList());
    }

    @Test
    void lockBatchRequestBothWays() {
        String captured = "{\"clientId\":\"192.0.2.2@cg4Inst\",\"consumerGroup\":\"cg4\",\"mqSet\":[{\"brokerName\":"
            + "\"broker-a\",\"queueId\":3,\"topic\":\"TopicTest\"}],\"onlyThisBroker\":false}";
        var official = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(
            captured.getBytes(StandardCharsets.UTF_8),
            org.apache.rocketmq.remoting.protocol.body.LockBatchRequestBody.class);
        assertEquals(captured, official.toJson());
        LockBatchRequestBody ours = LockBatchRequestBody.decode(official.encode());
        assertEquals(captured, ours.toJson());
        assertEquals(Set.of(new MessageQueue("TopicTest", "broker-a", 3)), ours.getMqSet());

        ours.getMqSet().add(new MessageQueue("TopicTest", "broker-a", 1));
        ours.setOnlyThisBroker(true);
        var back = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.body.LockBatchRequestBody.class);
        assertEquals("cg4", back.getConsumerGroup());
        assertEquals("192.0.2.2@cg4Inst", back.getClientId());
        assertTrue(back.isOnlyThisBroker());
        assertEquals(Set.of(officialQueue(3), officialQueue(1)), back.getMqSet());
    }

    @Test
    void unlockBatchRequestBothWays() {
        var official = new org.apache.rocketmq.remoting.protocol.body.UnlockBatchRequestBody();
        official.setClientId("c1");
        official.setConsumerGroup("g1");
        official.getMqSet().add(officialQueue(0));
        UnlockBatchRequestBody ours = UnlockBatchRequestBody.decode(official.encode());
        assertEquals(official.toJson(), ours.toJson());
        assertEquals("c1", ours.getClientId());
        assertEquals("g1", ours.getConsumerGroup());
        var back = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.body.UnlockBatchRequestBody.class);
        assertEquals(official.getMqSet(), back.getMqSet());
    }

    @Test
    void lockBatchResponseBothWays() {
        var official = new org.apache.rocketmq.remoting.protocol.body.LockBatchResponseBody();
        official.getLockOKMQSet().add(officialQueue(3));
        LockBatchResponseBody ours = LockBatchResponseBody.decode(official.encode());
        assertEquals("{\"lockOKMQSet\":[{\"brokerName\":\"broker-a\",\"queueId\":3,\"topic\":\"TopicTest\"}]}",
            ours.toJson());
        assertEquals(official.toJson(), ours.toJson());
        ours.getLockOKMQSet().add(new MessageQueue("TopicTest", "broker-b", 0));
        var back = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.body.LockBatchResponseBody.class);
        assertEquals(Set.of(officialQueue(3), new org.apache.rocketmq.common.message.MessageQueue("TopicTest",
            "broker-b", 0)), back.getLockOKMQSet());
    }

    @Test
    void checkClientRequestBothWays() {
        var official = new org.apache.rocketmq.remoting.protocol.body.CheckClientRequestBody();
        official.setClientId("192.0.2.2@cg2Inst");
        official.setGroup("cg2");
        var sub = new org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData("T", "a > 1");
        sub.setExpressionType("SQL92");
        official.setSubscriptionData(sub);
        CheckClientRequestBody ours = CheckClientRequestBody.decode(official.encode());
        assertEquals(official.toJson(), ours.toJson());
        assertEquals("cg2", ours.getGroup());
        assertEquals("a > 1", ours.getSubscriptionData().getSubString());
        ours.setNamespace("ns");
        var back = org.apache.rocketmq.remoting.protocol.RemotingSerializable.decode(ours.encode(),
            org.apache.rocketmq.remoting.protocol.body.CheckClientRequestBody.class);
        assertEquals("ns", back.getNamespace());
        assertEquals("192.0.2.2@cg2Inst", back.getClientId());
        assertEquals(sub, back.getSubscriptionData());
    }

    @Test
    void messageQueueOrderingEqualityAndShapeMatchOfficial() {
        List<MessageQueue> ours = new ArrayList<>();
        List<org.apache.rocketmq.common.message.MessageQueue> official = new ArrayList<>();
        String[][] ids = {{"T2", "b"}, {"T1", "c"}, {"T1", "b"}, {"T1", "b"}};
        int[] queueIds = {0, 5, 2, 1};
        for (int i = 0; i < ids.length; i++) {
            ours.add(new MessageQueue(ids[i][0], ids[i][1], queueIds[i]));
            official.add(new org.apache.rocketmq.common.message.MessageQueue(ids[i][0], ids[i][1], queueIds[i]));
        }
        List<String> oursSorted = new TreeSet<>(ours).stream().map(MessageQueue::toJson).toList();
        List<String> officialSorted = new TreeSet<>(official).stream()
            .map(com.alibaba.fastjson.JSON::toJSONString).toList();
        assertEquals(officialSorted, oursSorted);
        assertEquals(new MessageQueue("T", "b", 1), MessageQueue.decode(
            "{\"topic\":\"T\",\"queueId\":\"1\",\"brokerName\":\"b\",\"extra\":[1]}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(2, new LinkedHashSet<>(List.of(new MessageQueue("T", "b", 1), new MessageQueue("T", "b", 1),
            new MessageQueue("T", "b", 2))).size());
    }
}
