package dev.apogee.client.consumer;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.producer.SendCodec;
import dev.apogee.client.route.RouteTable;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;

/**
 * Hands a failed message back for redelivery (section 2.5): CONSUMER_SEND_MSG_BACK to the broker that stored it;
 * if that fails, a SEND_MESSAGE_V2 of a copy into {@code %RETRY%<group>} from {@code CLIENT_INNER_PRODUCER}, as
 * the official client does. Runs on consume threads.
 */
final class SendBack {
    private static final Logger LOG = LoggerFactory.getLogger(SendBack.class);
    private static final long TIMEOUT_MILLIS = 5_000;

    private final String group;
    private final int maxReconsumeTimes;
    private final Rpc rpc;
    private final RouteTable routes;

    SendBack(String group, int maxReconsumeTimes, Rpc rpc, RouteTable routes) {
        this.group = group;
        this.maxReconsumeTimes = maxReconsumeTimes;
        this.rpc = rpc;
        this.routes = routes;
    }

    static String retryTopic(String group) {
        return "%RETRY%" + group;
    }

    /** @return true when the broker took the message back (either way) */
    boolean sendBack(MessageExt message, int delayLevel) throws InterruptedException {
        String address = routes.masterAddress(message.getBrokerName());
        if (address == null) {
            address = message.getStoreHost();
        }
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.CONSUMER_SEND_MSG_BACK);
        request.putExtField("offset", String.valueOf(message.getCommitLogOffset()));
        request.putExtField("group", group);
        request.putExtField("delayLevel", String.valueOf(delayLevel));
        request.putExtField("originMsgId", message.getMsgId());
        request.putExtField("originTopic", message.getTopic());
        request.putExtField("unitMode", "false");
        request.putExtField("maxReconsumeTimes", String.valueOf(maxReconsumeTimes));
        request.putExtField("bname", message.getBrokerName());
        try {
            rpc.callOk(address, request, TIMEOUT_MILLIS);
            return true;
        } catch (MQClientException e) {
            LOG.warn("send-back of {} failed ({}), re-sending it to the retry topic", message.getMsgId(),
                    e.getMessage());
            return resend(address, message);
        }
    }

    private boolean resend(String address, MessageExt message) throws InterruptedException {
        Message copy = new Message(retryTopic(group), message.getBody());
        copy.setFlag(message.getFlag());
        copy.setProperties(new HashMap<>(message.getProperties()));
        if (message.getProperty(MessageConst.RETRY_TOPIC) == null) {
            copy.putProperty(MessageConst.RETRY_TOPIC, message.getTopic());
        }
        if (message.getProperty(MessageConst.ORIGIN_MESSAGE_ID) == null) {
            copy.putProperty(MessageConst.ORIGIN_MESSAGE_ID, message.getMsgId());
        }
        copy.putProperty(MessageConst.RECONSUME_TIME, String.valueOf(message.getReconsumeTimes() + 1));
        copy.putProperty(MessageConst.MAX_RECONSUME_TIMES, String.valueOf(maxReconsumeTimes));
        copy.putProperty(MessageConst.DELAY, String.valueOf(3 + message.getReconsumeTimes()));
        copy.clearProperty(MessageConst.MIN_OFFSET);
        copy.clearProperty(MessageConst.MAX_OFFSET);
        copy.clearProperty(MessageConst.CONSUME_START_TIME);
        MessageQueue queue = new MessageQueue(copy.getTopic(), message.getBrokerName(), 0);
        RemotingCommand request = SendCodec.single(new SendCodec.SendTarget(ClientInstance.INNER_PRODUCER_GROUP,
                queue, 0, System.currentTimeMillis(), 1), copy, copy.getBody());
        try {
            SendCodec.result(rpc.call(address, request, TIMEOUT_MILLIS), address, queue, null);
            return true;
        } catch (MQClientException e) {
            LOG.warn("re-sending {} to {} failed too: {}", message.getMsgId(), copy.getTopic(), e.getMessage());
            return false;
        }
    }
}
