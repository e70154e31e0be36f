package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.namesrv.config.NamesrvConfigProperties;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.StringReader;
import java.util.Properties;

/**
 * 318 UPDATE_NAMESRV_CONFIG: body {@code key=value} lines. Only the runtime flags may change
 * ({@link NamesrvConfigProperties#RUNTIME_KEYS}); anything else is refused with the key named. Not persisted.
 */
final class UpdateNamesrvConfigProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(UpdateNamesrvConfigProcessor.class);

    private final NamesrvConfig config;

    UpdateNamesrvConfigProcessor(NamesrvConfig config) {
        this.config = config;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) throws IOException {
        String text = request.bodyAsString();
        if (text == null) {
            return Responses.success(request);
        }
        Properties properties = new Properties();
        properties.load(new StringReader(text));
        try {
            NamesrvConfigProperties.apply(properties, config, NamesrvConfigProperties.RUNTIME_KEYS);
        } catch (IllegalArgumentException e) {
            return Responses.error(request, ResponseCode.SYSTEM_ERROR, e.getMessage());
        }
        LOG.info("NAMESRV-CONFIG-UPDATE name server config updated from {}: {}", channel.remoteAddress(), properties);
        return Responses.success(request);
    }
}
