package dev.apogee.broker.offset;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;

/** UPDATE_CONSUMER_OFFSET (15): stores a group's next offset to consume (usually sent oneway every 5 s). */
public final class UpdateConsumerOffsetProcessor implements RequestProcessor {
    private final ConsumerOffsetTable offsets;

    public UpdateConsumerOffsetProcessor(ConsumerOffsetTable offsets) {
        this.offsets = offsets;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        offsets.commit(h.requireString("consumerGroup"), h.requireString("topic"), h.requireInt("queueId"),
                h.requireLong("commitOffset"));
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }
}
