package dev.apogee.broker.pop;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

/**
 * NOTIFICATION (200054): whether the group has something to pop on the queue (-1: any queue of the topic), held like
 * a pop for its {@code pollTime} until there is. Answered SUCCESS with {@code hasMsg}, and {@code pollingFull} when it
 * could not be held. The official 5.3.3 remoting client does not send it (RocketMQ's proxy does); same checks as a
 * pop.
 */
final class NotificationProcessor implements RequestProcessor {
    private final PollingParts parts;

    NotificationProcessor(PollingParts parts) {
        this.parts = parts;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        long pollTime = Math.max(0, request.header().optionalLong("pollTime", 0));
        return look(channel, request, parts.clock().getAsLong() + pollTime);
    }

    private RemotingCommand look(Channel channel, RemotingCommand request, long holdUntil) {
        HeaderFields h = request.header();
        String group = h.requireString("consumerGroup");
        String topic = h.requireString("topic");
        int queueId = h.requireInt("queueId");
        boolean order = h.optionalBoolean("order", false);
        TopicConfig config = parts.checks().readableTopic(topic);
        parts.checks().queueInRange(config, queueId, true, ResponseCode.INVALID_PARAMETER);
        parts.checks().consumingGroup(group, true);
        PopLongPolling polling = parts.polling();
        long eventsBefore = polling.events(topic);
        if (parts.pops().hasMessage(group, topic, queueId, config.getReadQueueNums(), order)) {
            return answer(request, true, false);
        }
        if (parts.clock().getAsLong() < holdUntil && channel != null) {
            if (!polling.hold(new HeldPop(channel, request, topic, group, holdUntil, this::resume))) {
                return answer(request, false, true);
            }
            if (polling.events(topic) != eventsBefore) {
                polling.wake(topic);
            }
            return null;
        }
        return answer(request, false, false);
    }

    private void resume(HeldPop held, boolean timedOut) {
        held.answerOn(parts.executor(), () -> timedOut ? answer(held.request, false, false) : rerun(held));
    }

    private RemotingCommand rerun(HeldPop held) {
        try {
            return look(held.channel, held.request, held.channel.isActive() ? held.deadline : 0);
        } catch (RemotingCommandException e) {
            return RemotingCommand.createResponse(held.request, e.responseCode(), e.getMessage());
        }
    }

    private static RemotingCommand answer(RemotingCommand request, boolean hasMsg, boolean pollingFull) {
        RemotingCommand response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
        response.putExtField("hasMsg", String.valueOf(hasMsg));
        response.putExtField("pollingFull", String.valueOf(pollingFull));
        return response;
    }
}
