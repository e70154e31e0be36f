package dev.apogee.broker.admin;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;

/** GET_BROKER_CONFIG (26): every setting as properties text; header {@code version} = the config's DataVersion. */
public final class GetBrokerConfigProcessor implements RequestProcessor {
    private final BrokerConfig config;
    private final BrokerConfigVersion version;

    public GetBrokerConfigProcessor(BrokerConfig config, BrokerConfigVersion version) {
        this.config = config;
        this.version = version;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        RemotingCommand response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null)
                .body(BrokerConfigProperties.toText(BrokerConfigProperties.of(config)));
        response.putExtField("version", version.toJson());
        return response;
    }
}
