package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/** 106 GET_BROKER_CLUSTER_INFO: ClusterInfo (fastjson-default, unquoted broker ids). */
final class GetBrokerClusterInfoProcessor implements RequestProcessor {
    private final RouteInfoTable routes;

    GetBrokerClusterInfoProcessor(RouteInfoTable routes) {
        this.routes = routes;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        return Responses.success(request, routes.clusterInfo().encode());
    }
}
