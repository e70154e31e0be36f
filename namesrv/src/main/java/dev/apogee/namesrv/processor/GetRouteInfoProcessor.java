package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.namesrv.kv.KvConfigStore;
import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingVersion;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicRouteData;
import io.netty.channel.Channel;

/**
 * 105 GET_ROUTEINFO_BY_TOPIC: the topic's TopicRouteData, as standard JSON for requesters at protocol version 401+
 * (or asking with {@code acceptStandardJsonOnly}), fastjson-default otherwise; 17 TOPIC_NOT_EXIST when unknown.
 */
final class GetRouteInfoProcessor implements RequestProcessor {
    /** The official remark, including its FAQ pointer; clients show it in exceptions. */
    static final String NO_ROUTE = "No topic route info in name server for the topic: %s"
            + "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.";

    private final RouteInfoTable routes;
    private final KvConfigStore kv;
    private final NamesrvConfig config;

    GetRouteInfoProcessor(RouteInfoTable routes, KvConfigStore kv, NamesrvConfig config) {
        this.routes = routes;
        this.kv = kv;
        this.config = config;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String topic = request.header().requireString("topic");
        TopicRouteData route = routes.topicRoute(topic);
        if (route == null) {
            return Responses.error(request, ResponseCode.TOPIC_NOT_EXIST, String.format(NO_ROUTE, topic));
        }
        if (config.isOrderMessageEnable()) {
            route.setOrderTopicConf(kv.get(KvConfigStore.ORDER_TOPIC_CONFIG, topic));
        }
        boolean standardJson = request.version() >= RemotingVersion.V4_9_4
                || request.header().optionalBoolean("acceptStandardJsonOnly", false);
        return Responses.success(request, route.encode(standardJson));
    }
}
