package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicList;
import io.netty.channel.Channel;

/** 206 GET_ALL_TOPIC_LIST_FROM_NAMESERVER: every topic with a route; {@code 1 "disable"} when switched off. */
final class GetAllTopicListProcessor implements RequestProcessor {
    private final RouteInfoTable routes;
    private final NamesrvConfig config;

    GetAllTopicListProcessor(RouteInfoTable routes, NamesrvConfig config) {
        this.routes = routes;
        this.config = config;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        if (!config.isEnableAllTopicList()) {
            return Responses.error(request, ResponseCode.SYSTEM_ERROR, "disable");
        }
        TopicList list = new TopicList();
        list.setTopicList(routes.allTopics());
        return Responses.success(request, list.encode());
    }
}
