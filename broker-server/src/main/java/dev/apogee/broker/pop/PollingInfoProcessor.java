package dev.apogee.broker.pop;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

/**
 * POLLING_INFO (200055): how many pops and notifications of the group are held on the topic ({@code pollingNum}).
 * TOPIC_NOT_EXIST, INVALID_PARAMETER for a queue out of range, SUBSCRIPTION_GROUP_NOT_EXIST as the official broker.
 */
final class PollingInfoProcessor implements RequestProcessor {
    private final PopChecks checks;
    private final PopLongPolling polling;

    PollingInfoProcessor(PopChecks checks, PopLongPolling polling) {
        this.checks = checks;
        this.polling = polling;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        String group = h.requireString("consumerGroup");
        String topic = h.requireString("topic");
        TopicConfig config = checks.readableTopic(topic);
        checks.queueInRange(config, h.requireInt("queueId"), true, ResponseCode.INVALID_PARAMETER);
        checks.consumingGroup(group, false);
        RemotingCommand response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
        response.putExtField("pollingNum", String.valueOf(polling.heldCount(topic, group)));
        return response;
    }
}
