package dev.apogee.namesrv.route;

import dev.apogee.remoting.protocol.body.BrokerData;

import java.util.TreeMap;

/** The mutable members of one broker name. Only touched under the route table's lock. */
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
        return addrs.containsKey(BrokerData.MASTER_ID);
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

    /** A fresh BrokerData with its own (sorted) address map. */
    BrokerData snapshot() {
        return snapshot(new TreeMap<>(addrs));
    }

    /**
     * The snapshot clients should see: in slave-acting-master mode with the master gone, the lowest-id slave is
     * also shown under id 0 so that producers and admin tools keep a "master" to talk to.
     */
    BrokerData routeSnapshot() {
        TreeMap<Long, String> shown = new TreeMap<>(addrs);
        if (enableActingMaster && !addrs.isEmpty() && !hasMaster()) {
            shown.put(BrokerData.MASTER_ID, addrs.firstEntry().getValue());
        }
        return snapshot(shown);
    }

    private BrokerData snapshot(TreeMap<Long, String> shown) {
        BrokerData data = new BrokerData(cluster, brokerName, shown);
        data.setEnableActingMaster(enableActingMaster);
        return data;
    }
}
