package dev.apogee.remoting.protocol.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.KeyBuilder;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Receipt handle, pop response info strings, retry topic names and POP headers against the official 5.3.3 jar. */
class PopProtocolCompatibilityTest {
    private static final String GROUP = "cg_pop";
    private static final String RETRY_V1 = KeyBuilder.buildPopRetryTopicV1("TopicA", GROUP);
    private static final String RETRY_V2 = KeyBuilder.buildPopRetryTopicV2("TopicA", GROUP);

    @Test
    void requestAndResponseCodesMatchTheOfficialOnes() {
        assertEquals(org.apache.rocketmq.remoting.protocol.RequestCode.POP_MESSAGE,
                dev.apogee.remoting.protocol.RequestCode.POP_MESSAGE);
        assertEquals(org.apache.rocketmq.remoting.protocol.RequestCode.ACK_MESSAGE,
                dev.apogee.remoting.protocol.RequestCode.ACK_MESSAGE);
        assertEquals(org.apache.rocketmq.remoting.protocol.RequestCode.PEEK_MESSAGE,
                dev.apogee.remoting.protocol.RequestCode.PEEK_MESSAGE);
        assertEquals(org.apache.rocketmq.remoting.protocol.RequestCode.CHANGE_MESSAGE_INVISIBLETIME,
                dev.apogee.remoting.protocol.RequestCode.CHANGE_MESSAGE_INVISIBLETIME);
        assertEquals(org.apache.rocketmq.remoting.protocol.RequestCode.NOTIFICATION,
                dev.apogee.remoting.protocol.RequestCode.NOTIFICATION);
        assertEquals(org.apache.rocketmq.remoting.protocol.RequestCode.POLLING_INFO,
                dev.apogee.remoting.protocol.RequestCode.POLLING_INFO);
        assertEquals(org.apache.rocketmq.remoting.protocol.RequestCode.POP_ROLLBACK,
                dev.apogee.remoting.protocol.RequestCode.POP_ROLLBACK);
        assertEquals(org.apache.rocketmq.remoting.protocol.RequestCode.BATCH_ACK_MESSAGE,
                dev.apogee.remoting.protocol.RequestCode.BATCH_ACK_MESSAGE);
        assertEquals(org.apache.rocketmq.remoting.protocol.RequestCode.QUERY_ASSIGNMENT,
                dev.apogee.remoting.protocol.RequestCode.QUERY_ASSIGNMENT);
        assertEquals(org.apache.rocketmq.remoting.protocol.RequestCode.SET_MESSAGE_REQUEST_MODE,
                dev.apogee.remoting.protocol.RequestCode.SET_MESSAGE_REQUEST_MODE);
        assertEquals(org.apache.rocketmq.remoting.protocol.RequestCode.GET_ALL_MESSAGE_REQUEST_MODE,
                dev.apogee.remoting.protocol.RequestCode.GET_ALL_MESSAGE_REQUEST_MODE);
        assertEquals(org.apache.rocketmq.remoting.protocol.ResponseCode.POLLING_FULL,
                dev.apogee.remoting.protocol.ResponseCode.POLLING_FULL);
        assertEquals(org.apache.rocketmq.remoting.protocol.ResponseCode.POLLING_TIMEOUT,
                dev.apogee.remoting.protocol.ResponseCode.POLLING_TIMEOUT);
        assertEquals(KeyBuilder.POP_ORDER_REVIVE_QUEUE, PopTopics.ORDERLY_REVIVE_QID);
        assertEquals(org.apache.rocketmq.common.constant.ConsumeInitMode.MIN, PopMessageRequestHeader.INIT_MODE_MIN);
        assertEquals(org.apache.rocketmq.common.constant.ConsumeInitMode.MAX, PopMessageRequestHeader.INIT_MODE_MAX);
    }

    @ParameterizedTest
    @ValueSource(strings = {"TopicA", "%RETRY%cg_pop_TopicA", "%RETRY%cg_pop+TopicA", "a+b", "%RETRY%x"})
    void retryTopicsAndMarkersMatchKeyBuilder(String topic) {
        assertEquals(KeyBuilder.isPopRetryTopicV2(topic), PopTopics.isRetryTopicV2(topic));
        String officialKey = ExtraInfoUtil.getStartOffsetInfoMapKey(topic, 7);
        assertEquals(officialKey, PopInfoCodec.key(topic, 7));
        assertEquals(ExtraInfoUtil.getQueueOffsetMapKey(topic, 7, 42), PopInfoCodec.offsetKey(topic, 7, 42));
        assertEquals(KeyBuilder.buildPopRetryTopicV1(topic, GROUP), PopTopics.retryTopicV1(GROUP, topic));
        assertEquals(KeyBuilder.buildPopRetryTopicV2(topic, GROUP), PopTopics.retryTopicV2(GROUP, topic));
    }

    @ParameterizedTest
    @ValueSource(strings = {"TopicA", "%RETRY%cg_pop_TopicA", "%RETRY%cg_pop+TopicA"})
    void officialHandleParsesAsOursAndBack(String poppedFrom) {
        String official = ExtraInfoUtil.buildExtraInfo(5L, 1_700_000_000_000L, 30_000L, 3, poppedFrom, "broker-a", 2,
                77L);
        ReceiptHandle ours = ReceiptHandle.parse(official);
        String[] fields = ExtraInfoUtil.split(official);
        assertEquals(ExtraInfoUtil.getCkQueueOffset(fields), ours.ckQueueOffset());
        assertEquals(ExtraInfoUtil.getPopTime(fields), ours.popTime());
        assertEquals(ExtraInfoUtil.getInvisibleTime(fields), ours.invisibleTime());
        assertEquals(ExtraInfoUtil.getReviveQid(fields), ours.reviveQid());
        assertEquals(ExtraInfoUtil.getRetry(fields), ours.retry());
        assertEquals(ExtraInfoUtil.getBrokerName(fields), ours.brokerName());
        assertEquals(ExtraInfoUtil.getQueueId(fields), ours.queueId());
        assertEquals(ExtraInfoUtil.getQueueOffset(fields), ours.queueOffset());
        assertEquals(ExtraInfoUtil.getRealTopic(fields, "TopicA", GROUP), ours.realTopic("TopicA", GROUP));
        assertFalse(ours.isOrderly());
        assertEquals(1_700_000_030_000L, ours.visibleAt());
        assertEquals(official, ours.encode());
        assertEquals(official, ReceiptHandle.of(5L, 1_700_000_000_000L, 30_000L, 3, poppedFrom, "broker-a", 2, 77L)
                .encode());
    }

    @Test
    void sevenFieldHandleAndOrderlyMarker() {
        String official = ExtraInfoUtil.buildExtraInfo(9L, 1L, 2L, KeyBuilder.POP_ORDER_REVIVE_QUEUE, "TopicA",
                "broker-b", 0);
        ReceiptHandle ours = ReceiptHandle.parse(official);
        assertEquals(ReceiptHandle.UNKNOWN_OFFSET, ours.queueOffset());
        assertTrue(ours.isOrderly());
        assertEquals(ExtraInfoUtil.isOrder(ExtraInfoUtil.split(official)), ours.isOrderly());
        assertEquals(official, ours.encode());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1 2 3", "1 2 3 4 0 b 6 7 8", "x 2 3 4 0 b 6 7", "1 2 3 4 9 b 6 7",
        "1 2 3 99999999999 0 b 6 7", "1 2 3 4 0 b six 7"})
    void malformedHandlesAreRejectedWithTheirReason(String extraInfo) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReceiptHandle.parse(extraInfo));
        assertTrue(e.getMessage().startsWith("receipt handle"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ReceiptHandle.parse(null));
    }

    @Test
    void infoStringsAreBuiltLikeTheOfficialOnesAndParseBothWays() {
        StringBuilder official = new StringBuilder();
        StringBuilder ours = new StringBuilder();
        ExtraInfoUtil.buildStartOffsetInfo(official, "TopicA", 1, 10L);
        ExtraInfoUtil.buildStartOffsetInfo(official, RETRY_V1, 2, 11L);
        ExtraInfoUtil.buildStartOffsetInfo(official, RETRY_V2, 3, 12L);
        PopInfoCodec.appendStartOffset(ours, "TopicA", 1, 10L);
        PopInfoCodec.appendStartOffset(ours, RETRY_V1, 2, 11L);
        PopInfoCodec.appendStartOffset(ours, RETRY_V2, 3, 12L);
        assertEquals(official.toString(), ours.toString());
        assertEquals(ExtraInfoUtil.parseStartOffsetInfo(official.toString()),
                PopInfoCodec.parseStartOffsets(official.toString()));

        official.setLength(0);
        ours.setLength(0);
        ExtraInfoUtil.buildMsgOffsetInfo(official, "TopicA", 1, List.of(10L, 11L, 13L));
        ExtraInfoUtil.buildMsgOffsetInfo(official, RETRY_V1, 2, List.of(4L));
        PopInfoCodec.appendMsgOffsets(ours, "TopicA", 1, List.of(10L, 11L, 13L));
        PopInfoCodec.appendMsgOffsets(ours, RETRY_V1, 2, List.of(4L));
        assertEquals(official.toString(), ours.toString());
        assertEquals(ExtraInfoUtil.parseMsgOffsetInfo(official.toString()),
                PopInfoCodec.parseMsgOffsets(official.toString()));

        official.setLength(0);
        ours.setLength(0);
        ExtraInfoUtil.buildQueueIdOrderCountInfo(official, "TopicA", 1, 3);
        ExtraInfoUtil.buildQueueOffsetOrderCountInfo(official, "TopicA", 1, 10L, 2);
        ExtraInfoUtil.buildQueueOffsetOrderCountInfo(official, RETRY_V2, 2, 11L, 0);
        PopInfoCodec.appendQueueOrderCount(ours, "TopicA", 1, 3);
        PopInfoCodec.appendOffsetOrderCount(ours, "TopicA", 1, 10L, 2);
        PopInfoCodec.appendOffsetOrderCount(ours, RETRY_V2, 2, 11L, 0);
        assertEquals(official.toString(), ours.toString());
        Map<String, Integer> counts = PopInfoCodec.parseOrderCounts(official.toString());
        assertEquals(ExtraInfoUtil.parseOrderCountInfo(official.toString()), counts);
        assertEquals(2, counts.get(PopInfoCodec.offsetKey("TopicA", 1, 10L)));
        assertEquals(3, counts.get(PopInfoCodec.key("TopicA", 1)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0 1", "0 1 x", "7 1 3", "0 1 3;;0 1 4", "0 one 3"})
    void malformedInfoStringsAreRejected(String info) {
        assertThrows(IllegalArgumentException.class, () -> PopInfoCodec.parseStartOffsets(info));
        assertThrows(IllegalArgumentException.class, () -> PopInfoCodec.parseOrderCounts(info));
        assertTrue(PopInfoCodec.parseMsgOffsets(null).isEmpty());
    }

    @Test
    void popRequestHeaderEncodesLikeTheOfficialOne() throws Exception {
        var official = new org.apache.rocketmq.remoting.protocol.header.PopMessageRequestHeader();
        official.setConsumerGroup(GROUP);
        official.setTopic("TopicA");
        official.setQueueId(-1);
        official.setMaxMsgNums(32);
        official.setInvisibleTime(60_000);
        official.setPollTime(15_000);
        official.setBornTime(1_700_000_000_000L);
        official.setInitMode(0);
        official.setExpType("TAG");
        official.setExp("a || b");
        official.setOrder(Boolean.FALSE);
        official.setAttemptId("attempt-1");
        official.setBrokerName("broker-a");
        PopMessageRequestHeader ours = new PopMessageRequestHeader(GROUP, "TopicA", -1, 32, 60_000, 15_000,
                1_700_000_000_000L, 0, "TAG", "a || b", Boolean.FALSE, "attempt-1", "broker-a");
        assertEquals(officialFields(official), oursFields(ours));
        assertEquals(ours, PopMessageRequestHeader.read(command(officialFields(official)).header()));
        var back = (org.apache.rocketmq.remoting.protocol.header.PopMessageRequestHeader)
                officialCommand(oursFields(ours)).decodeCommandCustomHeader(
                        org.apache.rocketmq.remoting.protocol.header.PopMessageRequestHeader.class);
        assertEquals(official.toString(), back.toString());
    }

    @Test
    void popResponseHeaderBothWays() throws Exception {
        var official = new org.apache.rocketmq.remoting.protocol.header.PopMessageResponseHeader();
        official.setPopTime(1L);
        official.setInvisibleTime(2L);
        official.setReviveQid(3);
        official.setRestNum(4L);
        official.setStartOffsetInfo("0 1 10");
        official.setMsgOffsetInfo("0 1 10,11");
        PopMessageResponseHeader ours = new PopMessageResponseHeader(1L, 2L, 3, 4L, "0 1 10", "0 1 10,11", null);
        assertEquals(officialFields(official), oursFields(ours));
        assertEquals(ours, PopMessageResponseHeader.read(command(officialFields(official)).header()));
    }

    @Test
    void ackAndChangeHeadersBothWays() throws Exception {
        ReceiptHandle handle = ReceiptHandle.of(5L, 100L, 30_000L, 3, RETRY_V1, "broker-a", 2, 77L);
        var officialAck = new org.apache.rocketmq.remoting.protocol.header.AckMessageRequestHeader();
        officialAck.setConsumerGroup(GROUP);
        officialAck.setTopic(ExtraInfoUtil.getRealTopic(ExtraInfoUtil.split(handle.encode()), "TopicA", GROUP));
        officialAck.setQueueId(2);
        officialAck.setExtraInfo(handle.encode());
        officialAck.setOffset(77L);
        officialAck.setBrokerName("broker-a");
        AckMessageRequestHeader ack = AckMessageRequestHeader.of(GROUP, "TopicA", handle);
        assertEquals(officialFields(officialAck), oursFields(ack));
        assertEquals(ack, AckMessageRequestHeader.read(command(officialFields(officialAck)).header()));

        var officialChange = new org.apache.rocketmq.remoting.protocol.header.ChangeInvisibleTimeRequestHeader();
        officialChange.setConsumerGroup(GROUP);
        officialChange.setTopic(officialAck.getTopic());
        officialChange.setQueueId(2);
        officialChange.setExtraInfo(handle.encode());
        officialChange.setOffset(77L);
        officialChange.setInvisibleTime(5_000L);
        officialChange.setBrokerName("broker-a");
        ChangeInvisibleTimeRequestHeader change = ChangeInvisibleTimeRequestHeader.of(GROUP, "TopicA", handle, 5_000L);
        assertEquals(officialFields(officialChange), oursFields(change));
        assertEquals(change, ChangeInvisibleTimeRequestHeader.read(command(officialFields(officialChange)).header()));

        var officialResponse = new org.apache.rocketmq.remoting.protocol.header.ChangeInvisibleTimeResponseHeader();
        officialResponse.setPopTime(200L);
        officialResponse.setInvisibleTime(5_000L);
        officialResponse.setReviveQid(1);
        ChangeInvisibleTimeResponseHeader response = ChangeInvisibleTimeResponseHeader.read(
                command(officialFields(officialResponse)).header());
        assertEquals(new ChangeInvisibleTimeResponseHeader(200L, 5_000L, 1), response);
        assertEquals(ExtraInfoUtil.buildExtraInfo(77L, 200L, 5_000L, 1, RETRY_V1, "broker-a", 2, 77L),
                change.renewed(response).encode());
    }

    @Test
    void missingRequiredFieldNamesIt() {
        Map<String, String> fields = new HashMap<>();
        new AckMessageRequestHeader(GROUP, "TopicA", 1, "5 1 2 3 0 b 1 5", 5L, null).writeTo(fields);
        fields.remove("extraInfo");
        RemotingCommandException e = assertThrows(RemotingCommandException.class,
                () -> AckMessageRequestHeader.read(command(fields).header()));
        assertTrue(e.getMessage().contains("extraInfo"), e.getMessage());
    }

    private static Map<String, String> officialFields(org.apache.rocketmq.remoting.CommandCustomHeader header) {
        var command = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(1, header);
        command.makeCustomHeaderToNet();
        return command.getExtFields();
    }

    private static Map<String, String> oursFields(dev.apogee.remoting.protocol.CommandHeader header) {
        Map<String, String> fields = new HashMap<>();
        header.writeTo(fields);
        return fields;
    }

    private static RemotingCommand command(Map<String, String> fields) {
        return RemotingCommand.createRequest(1).extFields(new HashMap<>(fields));
    }

    private static org.apache.rocketmq.remoting.protocol.RemotingCommand officialCommand(Map<String, String> fields) {
        var command = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(1, null);
        command.setExtFields(new HashMap<>(fields));
        return command;
    }
}
