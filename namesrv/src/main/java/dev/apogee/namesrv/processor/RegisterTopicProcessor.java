package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.namesrv.wire.Bodies;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.body.TopicRouteData;
import io.netty.channel.Channel;

/** 217 REGISTER_TOPIC_IN_NAMESRV: adds the {@code queueDatas} of a TopicRouteData body for registered brokers. */
final class RegisterTopicProcessor implements RequestProcessor {
    private final RouteInfoTable routes;

    RegisterTopicProcessor(RouteInfoTable routes) {
        this.routes = routes;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String topic = request.header().requireString("topic");
        TopicRouteData route = Bodies.decode("TopicRouteData", request.body(), TopicRouteData::decode);
        routes.registerTopic(topic, route.getQueueDatas());
        return Responses.success(request);
    }
}
