package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** 216 DELETE_TOPIC_IN_NAMESRV: the topic's route, everywhere or only in {@code clusterName}. */
final class DeleteTopicProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(DeleteTopicProcessor.class);

    private final RouteInfoTable routes;

    DeleteTopicProcessor(RouteInfoTable routes) {
        this.routes = routes;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String topic = request.header().requireString("topic");
        String clusterName = request.header().optionalString("clusterName");
        routes.deleteTopic(topic, clusterName);
        LOG.info("NAMESRV-TOPIC-DELETE topic {} deleted from routes (cluster {})", topic,
                clusterName == null ? "all" : clusterName);
        return Responses.success(request);
    }
}
