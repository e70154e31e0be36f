package dev.apogee.broker.client;

import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.RemotingAddress;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.BiConsumer;

/**
 * Tells every remaining member of a consumer group that membership changed (oneway NOTIFY_CONSUMER_IDS_CHANGED),
 * so that clients rebalance at once instead of at their next 20 s tick. Runs on whichever thread saw the change.
 */
public final class ConsumerIdsChangeNotifier implements BiConsumer<String, ConsumerGroupInfo> {
    private static final Logger LOG = LoggerFactory.getLogger(ConsumerIdsChangeNotifier.class);
    private static final long SEND_TIMEOUT_MILLIS = 100;

    private volatile NettyRemotingServer server;

    /** Set once the server exists (it is created after the registries). */
    public void bind(NettyRemotingServer server) {
        this.server = server;
    }

    @Override
    public void accept(String group, ConsumerGroupInfo info) {
        NettyRemotingServer target = server;
        if (target == null) {
            return;
        }
        for (ClientChannelInfo client : info.channels()) {
            RemotingCommand notice = RemotingCommand.createRequest(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED)
                    .putExtField("consumerGroup", group);
            try {
                target.invokeOneway(client.channel(), notice, SEND_TIMEOUT_MILLIS);
            } catch (Exception e) {
                LOG.warn("notifying {} of group {} change failed: {}", RemotingAddress.of(client.channel()), group,
                        e.toString());
            }
        }
    }
}
