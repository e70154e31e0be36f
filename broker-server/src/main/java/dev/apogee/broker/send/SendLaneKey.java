package dev.apogee.broker.send;

import dev.apogee.remoting.netty.LaneKey;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;

/**
 * The ordering key of a send: its topic and queue id, so that one connection's sends to one queue are stored in the
 * order they arrived (JMS §6.2.9, RocketMQ's orderly producers pipelining their sends), whatever the request code —
 * SEND_MESSAGE uses long header names, SEND_MESSAGE_V2 and SEND_BATCH_MESSAGE one-letter ones, and the three must
 * map a queue to the same key. Consumer send-backs are keyed by their group: their retry queue is the broker's
 * choice. Runs on the event loop: reads two header fields, allocates nothing.
 */
public final class SendLaneKey implements LaneKey {
    public static final SendLaneKey INSTANCE = new SendLaneKey();

    private SendLaneKey() {
    }

    @Override
    public int of(RemotingCommand request) {
        return switch (request.code()) {
            case RequestCode.SEND_MESSAGE -> key(request.extField("topic"), request.extField("queueId"));
            case RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE ->
                    key(request.extField("b"), request.extField("e"));
            default -> key(request.extField("group"), null);
        };
    }

    static int key(String topic, String queueId) {
        int hash = topic == null ? 0 : topic.hashCode();
        return 31 * hash + (queueId == null ? 0 : queueId.hashCode());
    }
}
