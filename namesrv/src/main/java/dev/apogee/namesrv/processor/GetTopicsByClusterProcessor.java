package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicList;
import io.netty.channel.Channel;

/** 224 GET_TOPICS_BY_CLUSTER: topics served by the cluster's broker names; {@code 1 "disable"} when switched off. */
final class GetTopicsByClusterProcessor implements RequestProcessor {
    private final RouteInfoTable routes;
    private final NamesrvConfig config;

    GetTopicsByClusterProcessor(RouteInfoTable routes, NamesrvConfig config) {
        this.routes = routes;
        this.config = config;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String cluster = request.header().requireString("cluster");
        if (!config.isEnableTopicList()) {
            return Responses.error(request, ResponseCode.SYSTEM_ERROR, "disable");
        }
        TopicList list = new TopicList();
        list.setTopicList(routes.topicsOfCluster(cluster));
        return Responses.success(request, list.encode());
    }
}
