package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/** 904 BROKER_HEARTBEAT: refreshes the broker's liveness; nothing else. */
final class BrokerHeartbeatProcessor implements RequestProcessor {
    private final RouteInfoTable routes;

    BrokerHeartbeatProcessor(RouteInfoTable routes) {
        this.routes = routes;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields header = request.header();
        header.requireString("brokerName");
        routes.touch(header.requireString("clusterName"), header.requireString("brokerAddr"));
        return Responses.success(request);
    }
}
