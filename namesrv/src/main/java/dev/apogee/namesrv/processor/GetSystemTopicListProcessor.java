package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/** 304 GET_SYSTEM_TOPIC_LIST_FROM_NS: cluster and broker names (each a system topic) plus one broker address. */
final class GetSystemTopicListProcessor implements RequestProcessor {
    private final RouteInfoTable routes;

    GetSystemTopicListProcessor(RouteInfoTable routes) {
        this.routes = routes;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        return Responses.success(request, routes.systemTopics().encode());
    }
}
