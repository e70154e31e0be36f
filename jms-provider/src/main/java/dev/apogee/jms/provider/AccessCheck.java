package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.ClusterInfo;
import dev.apogee.remoting.protocol.body.HeartbeatData;
import jakarta.jms.JMSException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/**
 * Asks the master brokers up front whether a connection's credentials are good and whether a consumer may read,
 * so that refusals surface where JMS expects them (a {@code JMSSecurityException} from {@code createConnection},
 * from {@code createConsumer}) instead of as silence later: a heartbeat a broker refuses is only logged, and a
 * consumer whose group the broker refuses would simply never be assigned queues.
 *
 * <p>Only a NO_PERMISSION answer fails: a broker that cannot be reached is left to {@link ConnectionHealth} and to
 * the operations themselves, as without ACL. Name servers are not asked: like Apache RocketMQ's plain ACL, ours is
 * enforced by the brokers only. Stateless; runs on the thread creating the connection or consumer.
 */
final class AccessCheck {
    private static final Logger LOG = LoggerFactory.getLogger(AccessCheck.class);
    private AccessCheck() {
    }

    /**
     * Sends every master of {@code cluster} an empty heartbeat (no producer, no consumer): every account may send
     * one, it changes nothing on the broker, and a broker with ACL checks its signature like any request.
     */
    static void verifyLogin(Rpc rpc, ClusterInfo cluster, String clientId, Credentials credentials,
            long timeoutMillis) throws JMSException, InterruptedException {
        HeartbeatData empty = new HeartbeatData();
        empty.setClientID(clientId);
        byte[] body = empty.encode();
        for (String master : masters(cluster)) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.HEART_BEAT).body(body);
            String refusal = refusal(rpc, master, request, timeoutMillis);
            if (refusal != null) {
                throw JmsExceptions.create(ErrorCode.AUTHENTICATION_FAILED, "broker " + master + " refused "
                        + credentials.describe() + ": " + refusal);
            }
        }
    }

    /**
     * Asks each master serving {@code route} for {@code group}'s offset on {@code topic}: the read a consumer does
     * first, which a broker with ACL allows only with SUB on the topic and on the group.
     */
    static void checkSubscribe(Rpc rpc, TopicRouteInfo route, String group, Credentials credentials,
            long timeoutMillis) throws JMSException, InterruptedException {
        Set<String> masters = new TreeSet<>();
        for (BrokerData broker : route.brokers().values()) {
            if (broker.masterAddr() != null) {
                masters.add(broker.masterAddr());
            }
        }
        for (String master : masters) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.QUERY_CONSUMER_OFFSET);
            request.putExtField("consumerGroup", group);
            request.putExtField("topic", route.topic());
            request.putExtField("queueId", "0");
            request.putExtField("setZeroIfNotFound", "false");
            String refusal = refusal(rpc, master, request, timeoutMillis);
            if (refusal != null) {
                throw JmsExceptions.create(ErrorCode.NO_PERMISSION, credentials.describe() + " may not receive from "
                        + route.topic() + " (consumer group " + group + "): " + refusal);
            }
        }
    }

    /** The broker's remark when it answers NO_PERMISSION, else null (any other answer or no answer). */
    private static String refusal(Rpc rpc, String master, RemotingCommand request, long timeoutMillis)
            throws InterruptedException {
        try {
            RemotingCommand response = rpc.call(master, request, timeoutMillis);
            return response.code() == ResponseCode.NO_PERMISSION ? String.valueOf(response.remark()) : null;
        } catch (MQClientException e) {
            LOG.debug("access check at {} not answered: {}", master, e.getMessage());
            return null;
        }
    }

    private static Collection<String> masters(ClusterInfo cluster) {
        Set<String> masters = new TreeSet<>();
        if (cluster != null && cluster.getBrokerAddrTable() != null) {
            for (BrokerData broker : cluster.getBrokerAddrTable().values()) {
                if (broker.masterAddr() != null) {
                    masters.add(broker.masterAddr());
                }
            }
        }
        return masters;
    }
}
