package dev.apogee.broker.admin;

import dev.apogee.broker.stats.BrokerStats;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BrokerStatsData;
import io.netty.channel.Channel;

/**
 * VIEW_BROKER_STATS_DATA (315, used by mqadmin statsAll): one statistic's minute / hour / day windows — header
 * {@code statsName} ({@code TOPIC_PUT_NUMS} keyed by topic, {@code GROUP_GET_NUMS} keyed by {@code topic@group})
 * and {@code statsKey}. A statistic that never counted is SYSTEM_ERROR "The stats &lt;name&gt; &lt;key&gt; not
 * exist", as the official broker answers (statsAll prints 0 for it).
 */
public final class ViewBrokerStatsDataProcessor implements RequestProcessor {
    private final BrokerStats stats;

    public ViewBrokerStatsDataProcessor(BrokerStats stats) {
        this.stats = stats;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        String name = h.requireString("statsName");
        String key = h.requireString("statsKey");
        BrokerStatsData data = stats.view(name, key);
        if (data == null) {
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                    String.format("The stats <%s> <%s> not exist", name, key));
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(data.encode());
    }
}
