package dev.apogee.broker.query;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * VIEW_MESSAGE_BY_ID (33): the stored record at a commit-log offset (decoded by the client from an offset message
 * id), or SYSTEM_ERROR "can not find message by the offset" when there is no record there.
 */
public final class ViewMessageByIdProcessor implements RequestProcessor {
    private final MessageStore store;

    public ViewMessageByIdProcessor(MessageStore store) {
        this.store = store;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        long offset = request.header().requireLong("offset");
        Optional<ByteBuffer> record = lookUp(offset);
        if (record.isEmpty()) {
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                    "can not find message by the offset, " + offset);
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).bodyBuffers(record.get());
    }

    private Optional<ByteBuffer> lookUp(long offset) {
        if (offset < store.getMinPhyOffset() || offset >= store.getMaxPhyOffset()) {
            return Optional.empty();
        }
        try {
            return store.lookMessageByOffset(offset);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
