package dev.apogee.broker.lock;

import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import io.netty.channel.Channel;

/**
 * The official send rule "a {@code %RETRY%} message of a group that still holds orderly locks goes to the DLQ"
 * (section 2.4), applied in front of the send processor: for such a send it lowers the request's
 * maxReconsumeTimes to −1, which makes the send path's retry check route the message to {@code %DLQ%<group>}.
 * Runs where the send processor runs.
 */
public final class LockedGroupRetryRule implements RequestProcessor {
    private final QueueLockTable locks;
    private final RequestProcessor send;

    public LockedGroupRetryRule(QueueLockTable locks, RequestProcessor send) {
        this.locks = locks;
        this.send = send;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) throws Exception {
        boolean v1 = request.code() == RequestCode.SEND_MESSAGE;
        String topic = request.extField(v1 ? "topic" : "b");
        if (topic != null && TopicValidator.isRetryTopic(topic)
                && locks.groupHoldsLocks(topic.substring(TopicValidator.RETRY_GROUP_TOPIC_PREFIX.length()))) {
            request.putExtField(v1 ? "maxReconsumeTimes" : "l", "-1");
        }
        return send.processRequest(channel, request);
    }

    @Override
    public boolean processesOnEventLoop(Channel channel, RemotingCommand request) {
        return send.processesOnEventLoop(channel, request); // what this adds is as cheap
    }

    @Override
    public boolean rejectRequest() {
        return send.rejectRequest();
    }
}
