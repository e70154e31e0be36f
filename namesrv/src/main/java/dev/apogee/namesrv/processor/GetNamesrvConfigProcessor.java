package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.namesrv.config.NamesrvConfigProperties;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/** 319 GET_NAMESRV_CONFIG: every setting as {@code key=value} lines (the official body format). */
final class GetNamesrvConfigProcessor implements RequestProcessor {
    private final NamesrvConfig config;

    GetNamesrvConfigProcessor(NamesrvConfig config) {
        this.config = config;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        return Responses.success(request).body(NamesrvConfigProperties.toText(config));
    }
}
