package dev.apogee.broker.offset;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;

/**
 * QUERY_CONSUMER_OFFSET (14): the committed offset; for a group without one, offset 0 when the queue still starts
 * at 0 (so a new group on a young broker reads from the beginning, as with the official broker), else
 * QUERY_NOT_FOUND and the client applies its consume-from policy.
 */
public final class QueryConsumerOffsetProcessor implements RequestProcessor {
    private final ConsumerOffsetTable offsets;
    private final MessageStore store;

    public QueryConsumerOffsetProcessor(ConsumerOffsetTable offsets, MessageStore store) {
        this.offsets = offsets;
        this.store = store;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        String group = h.requireString("consumerGroup");
        String topic = h.requireString("topic");
        int queueId = h.requireInt("queueId");
        long offset = offsets.query(group, topic, queueId);
        if (offset < 0) {
            Boolean setZero = h.optionalBoolean("setZeroIfNotFound");
            if (Boolean.FALSE.equals(setZero) || store.getMinOffsetInQueue(topic, queueId) > 0) {
                return RemotingCommand.createResponse(request, ResponseCode.QUERY_NOT_FOUND,
                        "Not found, V3_0_6_SNAPSHOT maybe this group consumer boot first");
            }
            offset = 0;
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null)
                .putExtField("offset", String.valueOf(offset));
    }
}
