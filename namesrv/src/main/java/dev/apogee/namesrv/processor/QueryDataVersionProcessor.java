package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.namesrv.wire.Bodies;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.body.DataVersion;
import io.netty.channel.Channel;

/**
 * 322 QUERY_DATA_VERSION (brokers with {@code forceRegister=false}): header {@code changed} says whether the
 * broker's DataVersion differs from the registered one; an unchanged broker counts as alive. Body = our copy.
 */
final class QueryDataVersionProcessor implements RequestProcessor {
    private final RouteInfoTable routes;

    QueryDataVersionProcessor(RouteInfoTable routes) {
        this.routes = routes;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields header = request.header();
        header.requireString("brokerName");
        String brokerAddr = header.requireString("brokerAddr");
        String clusterName = header.requireString("clusterName");
        DataVersion theirs = Bodies.decode("DataVersion", request.body(), DataVersion::decode);
        boolean changed = routes.isBrokerTopicConfigChanged(clusterName, brokerAddr, theirs);
        if (!changed) {
            routes.touch(clusterName, brokerAddr);
        }
        DataVersion ours = routes.dataVersionOf(clusterName, brokerAddr);
        RemotingCommand response = Responses.success(request).putExtField("changed", String.valueOf(changed));
        if (ours != null) {
            response.body(ours.encode());
        }
        return response;
    }
}
