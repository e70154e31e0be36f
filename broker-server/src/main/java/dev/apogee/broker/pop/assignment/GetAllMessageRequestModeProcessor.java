package dev.apogee.broker.pop.assignment;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;

/** GET_ALL_MESSAGE_REQUEST_MODE (402): the whole request-mode table, as {@code MessageRequestModeSerializeWrapper}. */
public final class GetAllMessageRequestModeProcessor implements RequestProcessor {
    private final RequestModeTable modes;

    public GetAllMessageRequestModeProcessor(RequestModeTable modes) {
        this.modes = modes;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(modes.toJson());
    }
}
