package dev.apogee.namesrv.route;

import dev.apogee.remoting.protocol.body.DataVersion;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

import java.util.Map;

/**
 * One REGISTER_BROKER request, decoded.
 *
 * @param heartbeatTimeoutMillis {@code null} for the name server's default expiry
 * @param enableActingMaster     {@code null} when the broker did not send it (an "old" broker)
 * @param topics                 topic name to config, as decoded from the body; may be empty; not modified
 * @param channel                the broker's connection; closing it unregisters the broker
 */
public record BrokerRegistration(String clusterName, String brokerAddr, String brokerName, long brokerId,
                                 String haServerAddr, Long heartbeatTimeoutMillis, Boolean enableActingMaster,
                                 DataVersion dataVersion, Map<String, TopicConfig> topics, Channel channel) {
}
