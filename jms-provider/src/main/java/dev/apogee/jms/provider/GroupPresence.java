package dev.apogee.jms.provider;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.ConsumeStats;
import dev.apogee.remoting.protocol.body.ConsumerIdList;

import java.util.HashSet;
import java.util.Set;

/**
 * Whether a consumer group has online members other than one client, as the master brokers know them from heartbeats
 * ({@code GET_CONSUMER_LIST_BY_GROUP}; a broker answers SYSTEM_ERROR "no consumer" for a group without members).
 * Used for shared non-durable subscriptions (§8.3.2), which end with their last consumer, and (as
 * {@link #hasSubscription}: whether a broker has the group at all) for unsubscribe of an unknown name (§8.3.3).
 * Stateless; called on the application thread that creates or closes a consumer or unsubscribes.
 *
 * <p>Both sides ask only after their own registration change is done (the closing consumer after it unregistered,
 * a new consumer after it registered), so of a consumer closing and one joining at the same moment at least one
 * sees the other. A broker that cannot be asked counts as "others online": the subscription is then neither deleted
 * nor restarted at the end, i.e. in doubt it keeps its messages.
 */
final class GroupPresence {
    private GroupPresence() {
    }

    /**
     * True when a master broker has committed offsets of {@code group} (a durable subscription commits its start
     * position when created) or knows it online. Not the subscription group config: a broker re-creates that for a
     * pull it held past the consumer's close, so it outlives a deletion.
     */
    static boolean hasSubscription(AdminClient admin, Rpc rpc, long timeoutMillis, String group)
            throws MQClientException, InterruptedException {
        for (String master : masters(admin)) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.GET_CONSUME_STATS);
            request.putExtField("consumerGroup", group);
            if (!ConsumeStats.decode(rpc.callOk(master, request, timeoutMillis).body()).getOffsetTable().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when no master lists a member of {@code group} but {@code self} (null: none is exempt); false in doubt
     * (a broker not answering, the provider closed, interrupted).
     */
    static boolean noOtherMember(AdminClient admin, ClientInstance instance, long timeoutMillis, String group,
            String self) {
        if (admin == null || instance == null) {
            return false;
        }
        Rpc rpc = instance.rpc();
        try {
            for (String master : masters(admin)) {
                RemotingCommand request = RemotingCommand.createRequest(RequestCode.GET_CONSUMER_LIST_BY_GROUP);
                request.putExtField("consumerGroup", group);
                RemotingCommand response = rpc.call(master, request, timeoutMillis);
                if (response.code() == ResponseCode.SYSTEM_ERROR) {
                    continue; // "no consumer for this group"
                }
                if (response.code() != ResponseCode.SUCCESS) {
                    return false;
                }
                for (String id : ConsumerIdList.decode(response.body()).getConsumerIdList()) {
                    if (!id.equals(self)) {
                        return false;
                    }
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (MQClientException | RuntimeException e) {
            return false; // in doubt, others are online
        }
    }

    private static Set<String> masters(AdminClient admin) throws MQClientException, InterruptedException {
        Set<String> masters = new HashSet<>();
        for (BrokerData broker : admin.clusterInfo().getBrokerAddrTable().values()) {
            if (broker.masterAddr() != null) {
                masters.add(broker.masterAddr());
            }
        }
        return masters;
    }
}
