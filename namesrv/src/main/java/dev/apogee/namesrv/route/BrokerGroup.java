package dev.apogee.namesrv.route;

import java.util.TreeMap;

/** The mutable members of one broker name. Only touched under the route table's write lock (read lock to read). */
final class BrokerGroup {
    final String cluster;
    final String brokerName;
    final TreeMap<Long, String> addrs = new TreeMap<>();
    boolean enableActingMaster;

    BrokerGroup(String cluster, String brokerName) {
        this.cluster = cluster;
        this.brokerName = brokerName;
    }

    boolean hasMaster() {
        return addrs.containsKey(0L);
    }

    /** The id of {@code addr} in this group, or {@code null}. */
    Long idOf(String addr) {
        for (var entry : addrs.entrySet()) {
            if (entry.getValue().equals(addr)) {
                return entry.getKey();
            }
        }
        return null;
    }

    BrokerData snapshot() {
        return new BrokerData(cluster, brokerName, addrs, enableActingMaster, null);
    }

    /**
     * The snapshot clients should see: in slave-acting-master mode with the master gone, the lowest-id slave is
     * shown under id 0 so that producers and admin tools keep a "master" to talk to.
     */
    BrokerData routeSnapshot() {
        if (enableActingMaster && !addrs.isEmpty() && !hasMaster()) {
            TreeMap<Long, String> acting = new TreeMap<>(addrs);
            acting.put(0L, addrs.firstEntry().getValue());
            return new BrokerData(cluster, brokerName, acting, true, null);
        }
        return snapshot();
    }
}
