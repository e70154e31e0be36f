package dev.apogee.broker.queue;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.BoundaryType;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;

/**
 * The read-only queue position queries, each a one-line store call with the same header shape:
 * GET_MAX_OFFSET (30), GET_MIN_OFFSET (31), SEARCH_OFFSET_BY_TIMESTAMP (29, header {@code offset}) and
 * GET_EARLIEST_MSG_STORETIME (32, header {@code timestamp}). Registered once per code.
 */
public final class QueueOffsetProcessor implements RequestProcessor {
    private final MessageStore store;

    public QueueOffsetProcessor(MessageStore store) {
        this.store = store;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        String topic = h.requireString("topic");
        int queueId = h.requireInt("queueId");
        RemotingCommand response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
        switch (request.code()) {
            case RequestCode.GET_MAX_OFFSET -> response.putExtField("offset",
                    String.valueOf(store.getMaxOffsetInQueue(topic, queueId)));
            case RequestCode.GET_MIN_OFFSET -> response.putExtField("offset",
                    String.valueOf(store.getMinOffsetInQueue(topic, queueId)));
            case RequestCode.SEARCH_OFFSET_BY_TIMESTAMP -> {
                long timestamp = h.requireLong("timestamp");
                BoundaryType boundary = "UPPER".equals(h.optionalString("boundaryType"))
                        ? BoundaryType.UPPER : BoundaryType.LOWER;
                response.putExtField("offset",
                        String.valueOf(store.getOffsetInQueueByTime(topic, queueId, timestamp, boundary)));
            }
            case RequestCode.GET_EARLIEST_MSG_STORETIME -> response.putExtField("timestamp",
                    String.valueOf(store.getEarliestMessageTime(topic, queueId)));
            default -> throw new IllegalStateException("registered for unexpected code " + request.code());
        }
        return response;
    }
}
