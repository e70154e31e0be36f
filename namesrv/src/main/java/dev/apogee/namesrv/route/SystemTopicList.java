package dev.apogee.namesrv.route;

import java.util.Set;

/** GET_SYSTEM_TOPIC_LIST_FROM_NS: every cluster name and broker name (each is a topic), plus one broker address. */
public record SystemTopicList(Set<String> topics, String brokerAddr) {
}
