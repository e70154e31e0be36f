package dev.apogee.broker.admin;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.config.ConfigLoader;
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
 * UPDATE_BROKER_CONFIG (25): body = properties text, applied to the running broker's config. An unknown key or bad
 * value refuses the whole update (SYSTEM_ERROR naming the key). Settings read only at start (ports, paths, thread
 * counts) take effect at the next start, and the change is not written back to the config file.
 */
public final class UpdateBrokerConfigProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(UpdateBrokerConfigProcessor.class);

    private final BrokerConfig config;
    private final BrokerConfigVersion version;

    public UpdateBrokerConfigProcessor(BrokerConfig config, BrokerConfigVersion version) {
        this.config = config;
        this.version = version;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) throws IOException {
        Properties properties = new Properties();
        if (request.body() != null) {
            properties.load(new StringReader(request.bodyAsString()));
        }
        try {
            ConfigLoader.apply(properties, ConfigLoader.apply(currentAsProperties(), new BrokerConfig()));
        } catch (IllegalArgumentException e) {
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR, e.getMessage());
        }
        ConfigLoader.apply(properties, config);
        version.next();
        LOG.info("ADMIN-CONFIG broker config updated from {}: {}", channel.remoteAddress(), properties.keySet());
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }

    /** Validates on a copy first so that a bad key leaves the live config untouched. */
    private Properties currentAsProperties() {
        Properties current = new Properties();
        current.putAll(BrokerConfigProperties.of(config));
        return current;
    }
}
