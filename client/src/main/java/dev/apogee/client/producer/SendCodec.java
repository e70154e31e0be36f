package dev.apogee.client.producer;

import dev.apogee.client.MQBrokerException;
import dev.apogee.client.message.BatchEncoder;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.PropertiesCodec;
import dev.apogee.client.route.RouteTable;
import dev.apogee.remoting.protocol.BodyWriter;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.SendResponseFields;
import dev.apogee.remoting.protocol.body.MessageQueue;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.StringJoiner;

/**
 * Builds SEND_MESSAGE_V2 (310) and SEND_BATCH_MESSAGE (320) requests with the single-letter header of section 2.4
 * and turns their responses into {@link SendResult}s.
 */
public final class SendCodec {
    private static final String RETRY_PREFIX = "%RETRY%";
    /** The fields {@link #putHeader} writes. */
    private static final int HEADER_FIELDS = 14;

    private SendCodec() {
    }

    /** The parts of a send request that are not in the message itself. */
    public record SendTarget(String group, MessageQueue queue, int sysFlag, long bornTimestamp,
            int defaultTopicQueueNums) {
    }

    public static RemotingCommand single(SendTarget target, Message message, byte[] body) {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.SEND_MESSAGE_V2);
        putHeader(request, target, message.getTopic(), message.getFlag(),
                PropertiesCodec.encode(message.getProperties()), false);
        if (message.getTopic().startsWith(RETRY_PREFIX)) {
            String reconsume = message.getProperty(MessageConst.RECONSUME_TIME);
            request.putExtField("j", reconsume == null ? "0" : reconsume);
            String max = message.getProperty(MessageConst.MAX_RECONSUME_TIMES);
            if (max != null) {
                request.putExtField("l", max);
            }
        }
        return request.body(body);
    }

    /**
     * {@link #single(SendTarget, Message, byte[])} with the message's own body (uncompressed), written straight into
     * the frame when the request is encoded ({@link Message#writeBody}).
     */
    public static RemotingCommand single(SendTarget target, Message message) {
        int length = message.getBodyLength();
        return single(target, message, null).bodyWriter(new BodyWriter() {
            @Override
            public int length() {
                return length;
            }

            @Override
            public void writeTo(ByteBuffer out) {
                message.writeBody(out);
            }
        });
    }

    public static RemotingCommand batch(SendTarget target, List<? extends Message> messages, String wrapperUniqKey) {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.SEND_BATCH_MESSAGE);
        Message first = messages.get(0);
        String wrapperProperties = MessageConst.UNIQ_KEY + PropertiesCodec.NAME_VALUE_SEPARATOR + wrapperUniqKey
                + PropertiesCodec.PROPERTY_SEPARATOR + MessageConst.WAIT + PropertiesCodec.NAME_VALUE_SEPARATOR
                + first.isWaitStoreMsgOK() + PropertiesCodec.PROPERTY_SEPARATOR;
        putHeader(request, target, first.getTopic(), 0, wrapperProperties, true);
        return request.bodyWriter(BatchEncoder.writer(messages));
    }

    private static void putHeader(RemotingCommand request, SendTarget target, String topic, int flag,
            String properties, boolean batch) {
        request.expectExtFields(HEADER_FIELDS + 2); // + "j"/"l" of a retry-topic send
        request.putExtField("a", target.group());
        request.putExtField("b", topic);
        request.putExtField("c", RouteTable.DEFAULT_TOPIC);
        request.putExtField("d", String.valueOf(target.defaultTopicQueueNums()));
        request.putExtField("e", String.valueOf(target.queue().queueId()));
        request.putExtField("f", String.valueOf(target.sysFlag()));
        request.putExtField("g", String.valueOf(target.bornTimestamp()));
        request.putExtField("h", String.valueOf(flag));
        request.putExtField("i", properties);
        request.putExtField("j", "0");
        request.putExtField("k", "false");
        request.putExtField("m", String.valueOf(batch));
        request.putExtField("n", target.queue().brokerName());
        request.putExtField("bname", target.queue().brokerName());
    }

    /**
     * The result of a send response; error codes other than the three "stored but" codes throw.
     *
     * @param msgId the UNIQ_KEY (or comma-joined UNIQ_KEYs of a batch) to report
     */
    public static SendResult result(RemotingCommand response, String address, MessageQueue target, String msgId)
            throws MQBrokerException {
        SendStatus status = switch (response.code()) {
            case ResponseCode.SUCCESS -> SendStatus.SEND_OK;
            case ResponseCode.FLUSH_DISK_TIMEOUT -> SendStatus.FLUSH_DISK_TIMEOUT;
            case ResponseCode.FLUSH_SLAVE_TIMEOUT -> SendStatus.FLUSH_SLAVE_TIMEOUT;
            case ResponseCode.SLAVE_NOT_AVAILABLE -> SendStatus.SLAVE_NOT_AVAILABLE;
            default -> throw new MQBrokerException(response.code(), response.remark(), address);
        };
        HeaderFields header = response.header();
        try {
            MessageQueue queue = new MessageQueue(target.topic(), target.brokerName(), header.requireInt("queueId"));
            return new SendResult(status, msgId, header.optionalString("msgId"), queue,
                    header.requireLong("queueOffset"), header.optionalString("transactionId"),
                    header.optionalString("MSG_REGION"),
                    "1".equals(header.optionalString(SendResponseFields.ORDERED_SENDS)));
        } catch (RuntimeException e) {
            throw new MQBrokerException(ResponseCode.SYSTEM_ERROR, "incomplete send response header "
                    + response.extFields() + ": " + e.getMessage(), address);
        }
    }

    static String joinUniqKeys(List<? extends Message> messages) {
        StringJoiner joiner = new StringJoiner(",");
        messages.forEach(m -> joiner.add(m.getProperty(MessageConst.UNIQ_KEY)));
        return joiner.toString();
    }
}
