package dev.apogee.namesrv.route;

import java.util.Map;
import java.util.Set;

/** Snapshot for GET_BROKER_CLUSTER_INFO: every broker name's members, and the broker names of every cluster. */
public record ClusterView(Map<String, BrokerData> brokers, Map<String, Set<String>> clusters) {
}
