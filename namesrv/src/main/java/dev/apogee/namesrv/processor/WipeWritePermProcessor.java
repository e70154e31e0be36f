package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** 205 WIPE_WRITE_PERM_OF_BROKER: makes a broker name read-only in every route; header {@code wipeTopicCount}. */
final class WipeWritePermProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(WipeWritePermProcessor.class);

    private final RouteInfoTable routes;

    WipeWritePermProcessor(RouteInfoTable routes) {
        this.routes = routes;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String brokerName = request.header().requireString("brokerName");
        int count = routes.wipeWritePerm(brokerName);
        LOG.info("NAMESRV-PERM-WIPE write permission of broker {} wiped on {} topics", brokerName, count);
        return Responses.success(request).putExtField("wipeTopicCount", String.valueOf(count));
    }
}
