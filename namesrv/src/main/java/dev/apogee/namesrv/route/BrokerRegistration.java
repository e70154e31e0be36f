package dev.apogee.namesrv.route;

import dev.apogee.remoting.protocol.body.DataVersion;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

import java.util.Map;
import java.util.Objects;

/**
 * One REGISTER_BROKER request, decoded.
 *
 * @param heartbeatTimeoutMillis {@code null} for the name server's default expiry
 * @param enableActingMaster     {@code null} when the broker did not send it (an "old" broker)
 * @param dataVersion            the broker's topic-table version; {@code null} reads as all-zero
 * @param topics                 topic name to config, as decoded from the body; {@code null} reads as none;
 *                               not modified
 * @param channel                the broker's connection, closing it unregisters the broker; {@code null} for a
 *                               registration that only expires
 */
public record BrokerRegistration(String clusterName, String brokerAddr, String brokerName, long brokerId,
                                 String haServerAddr, Long heartbeatTimeoutMillis, Boolean enableActingMaster,
                                 DataVersion dataVersion, Map<String, TopicConfig> topics, Channel channel) {

    public BrokerRegistration {
        Objects.requireNonNull(clusterName, "clusterName");
        Objects.requireNonNull(brokerAddr, "brokerAddr");
        Objects.requireNonNull(brokerName, "brokerName");
        dataVersion = dataVersion == null ? new DataVersion() : dataVersion;
        topics = topics == null ? Map.of() : topics;
    }
}
