package dev.apogee.namesrv.route;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An immutable snapshot of one broker name: its cluster and the address of each member by broker id (0 = master).
 */
public record BrokerData(String cluster, String brokerName, SortedMap<Long, String> brokerAddrs,
                         boolean enableActingMaster, String zoneName) {

    public BrokerData {
        brokerAddrs = Collections.unmodifiableSortedMap(new TreeMap<>(brokerAddrs));
    }

    /** The master's address, or {@code null} when no member with id 0 is registered. */
    public String masterAddr() {
        return brokerAddrs.get(0L);
    }
}
