package dev.apogee.namesrv.route;

/** Identity of one registered broker process: its cluster and the address clients use. */
record BrokerAddrKey(String clusterName, String brokerAddr) {
}
