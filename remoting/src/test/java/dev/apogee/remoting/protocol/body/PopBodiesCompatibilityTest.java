package dev.apogee.remoting.protocol.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.apogee.remoting.json.JsonException;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.junit.jupiter.api.Test;

/** Batch ack, query assignment and request mode bodies against the official 5.3.3 classes. */
class PopBodiesCompatibilityTest {

    private static BitSet bits(int... set) {
        BitSet bits = new BitSet();
        for (int bit : set) {
            bits.set(bit);
        }
        return bits;
    }

    @Test
    void batchAckBothWays() {
        var officialAck = new org.apache.rocketmq.remoting.protocol.body.BatchAck();
        officialAck.setConsumerGroup("cg");
        officialAck.setTopic("TopicA");
        officialAck.setRetry("1");
        officialAck.setStartOffset(10);
        officialAck.setQueueId(1);
        officialAck.setReviveQueueId(3);
        officialAck.setPopTime(1_700_000_000_000L);
        officialAck.setInvisibleTime(30_000);
        officialAck.setBitSet(bits(0, 2, 70));
        var official = new org.apache.rocketmq.remoting.protocol.body.BatchAckMessageRequestBody();
        official.setBrokerName("broker-a");
        official.setAcks(List.of(officialAck));

        BatchAckMessageRequestBody ours = BatchAckMessageRequestBody.decode(official.encode());
        BatchAck expected = new BatchAck("cg", "TopicA", "1", 10, 1, 3, 1_700_000_000_000L, 30_000, bits(0, 2, 70));
        assertEquals(new BatchAckMessageRequestBody("broker-a", List.of(expected)), ours);
        assertEquals(official.toJson(), ours.toJson());

        var back = RemotingSerializable.decode(ours.encode(),
                org.apache.rocketmq.remoting.protocol.body.BatchAckMessageRequestBody.class);
        assertEquals("broker-a", back.getBrokerName());
        assertEquals(officialAck.toString(), back.getAcks().get(0).toString());
    }

    @Test
    void batchAckAcceptsTheLongFieldNames() {
        String json = "{\"brokerName\":\"b\",\"acks\":[{\"consumerGroup\":\"cg\",\"topic\":\"T\",\"retry\":\"0\","
                + "\"startOffset\":5,\"queueId\":2,\"reviveQueueId\":1,\"popTime\":7,\"invisibleTime\":8,"
                + "\"bitSet\":\"Aw==\"}]}";
        BatchAck ack = BatchAckMessageRequestBody.decode(json.getBytes(StandardCharsets.UTF_8)).acks().get(0);
        assertEquals(new BatchAck("cg", "T", "0", 5, 2, 1, 7, 8, bits(0, 1)), ack);
        var official = RemotingSerializable.decode(json.getBytes(StandardCharsets.UTF_8),
                org.apache.rocketmq.remoting.protocol.body.BatchAckMessageRequestBody.class);
        assertEquals(bits(0, 1), official.getAcks().get(0).getBitSet());
    }

    @Test
    void batchAckWithABitSetThatIsNotBase64IsRejected() {
        byte[] json = "{\"acks\":[{\"b\":\"%%%\"}]}".getBytes(StandardCharsets.UTF_8);
        assertThrows(JsonException.class, () -> BatchAckMessageRequestBody.decode(json));
    }

    @Test
    void queryAssignmentBothWays() {
        var officialRequest = new org.apache.rocketmq.remoting.protocol.body.QueryAssignmentRequestBody();
        officialRequest.setTopic("TopicA");
        officialRequest.setConsumerGroup("cg");
        officialRequest.setClientId("cid");
        officialRequest.setStrategyName("AVG");
        officialRequest.setMessageModel(org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel.CLUSTERING);
        QueryAssignmentRequestBody request = QueryAssignmentRequestBody.decode(officialRequest.encode());
        assertEquals(new QueryAssignmentRequestBody("TopicA", "cg", "cid", "AVG", MessageModel.CLUSTERING), request);
        assertEquals(officialRequest.toJson(), request.toJson());

        var assignment = new org.apache.rocketmq.common.message.MessageQueueAssignment();
        assignment.setMessageQueue(new org.apache.rocketmq.common.message.MessageQueue("TopicA", "broker-a", -1));
        assignment.setMode(org.apache.rocketmq.common.message.MessageRequestMode.POP);
        assignment.setAttachments(Map.of("k", "v"));
        var officialResponse = new org.apache.rocketmq.remoting.protocol.body.QueryAssignmentResponseBody();
        officialResponse.setMessageQueueAssignments(Set.of(assignment));
        QueryAssignmentResponseBody response = QueryAssignmentResponseBody.decode(officialResponse.encode());
        MessageQueueAssignment ours = new MessageQueueAssignment(new MessageQueue("TopicA", "broker-a", -1),
                MessageRequestMode.POP, Map.of("k", "v"));
        assertEquals(Set.of(ours), response.messageQueueAssignments());
        assertEquals(officialResponse.toJson(), response.toJson());
        var back = RemotingSerializable.decode(response.encode(),
                org.apache.rocketmq.remoting.protocol.body.QueryAssignmentResponseBody.class);
        assertEquals(officialResponse.getMessageQueueAssignments(), back.getMessageQueueAssignments());
    }

    @Test
    void setMessageRequestModeBothWays() {
        var official = new org.apache.rocketmq.remoting.protocol.body.SetMessageRequestModeRequestBody();
        official.setTopic("TopicA");
        official.setConsumerGroup("cg");
        official.setMode(org.apache.rocketmq.common.message.MessageRequestMode.POP);
        official.setPopShareQueueNum(2);
        SetMessageRequestModeRequestBody ours = SetMessageRequestModeRequestBody.decode(official.encode());
        assertEquals(new SetMessageRequestModeRequestBody("TopicA", "cg", MessageRequestMode.POP, 2), ours);
        assertEquals(official.toJson(), ours.toJson());
        var back = RemotingSerializable.decode(
                new SetMessageRequestModeRequestBody("T", "g", MessageRequestMode.PULL, 0).encode(),
                org.apache.rocketmq.remoting.protocol.body.SetMessageRequestModeRequestBody.class);
        assertEquals(org.apache.rocketmq.common.message.MessageRequestMode.PULL, back.getMode());
        assertNull(SetMessageRequestModeRequestBody.decode("null".getBytes(StandardCharsets.UTF_8)));
    }
}
