package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/** 104 UNREGISTER_BROKER: a broker shutting down. Applied before answering (the official server queues it). */
final class UnregisterBrokerProcessor implements RequestProcessor {
    private final RouteInfoTable routes;

    UnregisterBrokerProcessor(RouteInfoTable routes) {
        this.routes = routes;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields header = request.header();
        String brokerName = header.requireString("brokerName");
        String brokerAddr = header.requireString("brokerAddr");
        String clusterName = header.requireString("clusterName");
        header.requireLong("brokerId");
        routes.unregister(clusterName, brokerAddr, brokerName);
        return Responses.success(request);
    }
}
