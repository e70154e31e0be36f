package dev.apogee.broker.query;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.MessageStore;
import dev.apogee.store.QueryResult;
import io.netty.channel.Channel;

import java.nio.ByteBuffer;

/**
 * QUERY_MESSAGE (12): messages of a topic whose KEYS contain {@code key} (or whose UNIQ_KEY is {@code key} when the
 * ext field {@code _UNIQUE_KEY_QUERY} is true, then with the broker's own limit of 32), stored within
 * [{@code beginTimestamp}, {@code endTimestamp}]. The body is the matching stored records back to back; the client
 * filters them again. QUERY_NOT_FOUND (22) when none match.
 */
public final class QueryMessageProcessor implements RequestProcessor {
    static final String UNIQUE_KEY_QUERY = "_UNIQUE_KEY_QUERY";
    static final int UNIQUE_KEY_MAX_NUM = 32;

    private final MessageStore store;
    private final int maxNumLimit;

    public QueryMessageProcessor(MessageStore store, int maxNumLimit) {
        this.store = store;
        this.maxNumLimit = maxNumLimit;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        String topic = h.requireString("topic");
        String key = h.requireString("key");
        int maxNum = Math.min(h.requireInt("maxNum"), maxNumLimit);
        if (h.optionalBoolean(UNIQUE_KEY_QUERY, false)) {
            maxNum = UNIQUE_KEY_MAX_NUM;
        }
        QueryResult result = store.queryMessage(topic, key, Math.max(1, maxNum), h.requireLong("beginTimestamp"),
                h.requireLong("endTimestamp"));
        RemotingCommand response;
        if (result.messages().isEmpty()) {
            response = RemotingCommand.createResponse(request, ResponseCode.QUERY_NOT_FOUND,
                    "can not find message, maybe time range not correct");
        } else {
            response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
            response.bodyBuffers(result.messages().toArray(new ByteBuffer[0]));
        }
        response.putExtField("indexLastUpdateTimestamp", String.valueOf(result.indexLastUpdateTimestamp()));
        response.putExtField("indexLastUpdatePhyoffset", String.valueOf(result.indexLastUpdatePhyOffset()));
        return response;
    }
}
