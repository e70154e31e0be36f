package dev.apogee.broker.pop.assignment;

import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.SetMessageRequestModeRequestBody;
import io.netty.channel.Channel;

import java.io.IOException;

/**
 * SET_MESSAGE_REQUEST_MODE (401), as the official broker answers it: NO_PERMISSION for a retry topic, TOPIC_NOT_EXIST,
 * SUBSCRIPTION_GROUP_NOT_EXIST, else the mode is stored (and persisted) and SUCCESS. Runs on the admin executor.
 */
public final class SetMessageRequestModeProcessor implements RequestProcessor {
    private final RequestModeTable modes;
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;

    public SetMessageRequestModeProcessor(RequestModeTable modes, TopicConfigTable topics,
            SubscriptionGroupTable groups) {
        this.modes = modes;
        this.topics = topics;
        this.groups = groups;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) throws IOException {
        SetMessageRequestModeRequestBody mode;
        try {
            mode = SetMessageRequestModeRequestBody.decode(request.body());
        } catch (JsonException e) {
            return RemotingCommand.createResponse(request, ResponseCode.INVALID_PARAMETER,
                    "malformed SetMessageRequestModeRequestBody: " + e.getMessage());
        }
        if (mode == null || mode.topic() == null || mode.consumerGroup() == null || mode.mode() == null) {
            return RemotingCommand.createResponse(request, ResponseCode.INVALID_PARAMETER,
                    "topic, consumerGroup and mode (PULL or POP) are required");
        }
        if (mode.topic().startsWith(TopicValidator.RETRY_GROUP_TOPIC_PREFIX)) {
            return RemotingCommand.createResponse(request, ResponseCode.NO_PERMISSION,
                    "retry topic is not allowed to set mode");
        }
        if (topics.get(mode.topic()) == null) {
            return RemotingCommand.createResponse(request, ResponseCode.TOPIC_NOT_EXIST,
                    "topic[" + mode.topic() + "] not exist");
        }
        if (groups.get(mode.consumerGroup()) == null) {
            return RemotingCommand.createResponse(request, ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "subscription group does not exist");
        }
        modes.set(mode);
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }
}
