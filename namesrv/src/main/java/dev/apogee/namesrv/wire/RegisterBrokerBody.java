package dev.apogee.namesrv.wire;

import dev.apogee.namesrv.route.DataVersion;
import dev.apogee.namesrv.route.TopicConfig;

import java.util.Map;

/** What the name server uses of a REGISTER_BROKER body: the broker's DataVersion and its topic table. */
public record RegisterBrokerBody(DataVersion dataVersion, Map<String, TopicConfig> topics) {
}
