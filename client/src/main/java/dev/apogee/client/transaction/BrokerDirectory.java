package dev.apogee.client.transaction;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.MQClientException;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.ClusterInfo;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Master addresses by broker name. Topic routes know the brokers a client has sent to; a recovering transaction
 * manager may name a broker it never sent to in this process, so unknown names are looked up in the name server's
 * cluster info. Thread-safe (a concurrent map refreshed by any calling thread).
 */
final class BrokerDirectory {
    private final Map<String, String> fromCluster = new ConcurrentHashMap<>();

    /** The master address of {@code brokerName}, or null when neither the routes nor the cluster know it. */
    String masterAddress(ClientInstance instance, String brokerName) throws MQClientException, InterruptedException {
        String address = instance.routes().masterAddress(brokerName);
        if (address == null) {
            address = fromCluster.get(brokerName);
        }
        if (address == null) {
            refresh(instance);
            address = fromCluster.get(brokerName);
        }
        return address;
    }

    /** Fetches the cluster info and returns the names of the brokers that have a master. */
    Set<String> refresh(ClientInstance instance) throws MQClientException, InterruptedException {
        RemotingCommand response = instance.rpc().callNamesrv(
                RemotingCommand.createRequest(RequestCode.GET_BROKER_CLUSTER_INFO),
                instance.config().getRpcTimeoutMillis());
        if (response.code() != ResponseCode.SUCCESS || response.body() == null) {
            throw new MQClientException(response.code(), "the name server refused the cluster info: "
                    + response.remark());
        }
        Set<String> names = new TreeSet<>();
        for (BrokerData broker : ClusterInfo.decode(response.body()).getBrokerAddrTable().values()) {
            String master = broker.getBrokerAddrs() == null ? null : broker.getBrokerAddrs().get(BrokerData.MASTER_ID);
            if (master != null) {
                fromCluster.put(broker.getBrokerName(), master);
                names.add(broker.getBrokerName());
            }
        }
        fromCluster.keySet().retainAll(names);
        return names;
    }
}
