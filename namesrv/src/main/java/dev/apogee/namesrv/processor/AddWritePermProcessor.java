package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** 327 ADD_WRITE_PERM_OF_BROKER: makes a broker name writable again; header {@code addTopicCount}. */
final class AddWritePermProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(AddWritePermProcessor.class);

    private final RouteInfoTable routes;

    AddWritePermProcessor(RouteInfoTable routes) {
        this.routes = routes;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String brokerName = request.header().requireString("brokerName");
        int count = routes.addWritePerm(brokerName);
        LOG.info("NAMESRV-PERM-ADD write permission of broker {} added on {} topics", brokerName, count);
        return Responses.success(request).putExtField("addTopicCount", String.valueOf(count));
    }
}
