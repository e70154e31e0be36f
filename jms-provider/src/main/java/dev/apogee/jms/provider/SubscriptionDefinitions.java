package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.ConsumerConnection;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import jakarta.jms.JMSException;

import java.util.Map;
import java.util.Objects;

/**
 * What a named subscription (shared, shared durable, unshared durable) was created with, checked before a consumer
 * joins it (Jakarta Messaging 3.1 §8.3.2–§8.3.4):
 * <ul>
 *   <li>while the group has an online consumer, the subscription it registered with the brokers (topic, expression;
 *       {@code GET_CONSUMER_CONNECTION_LIST}) must be the new consumer's, else JMSException — nothing is changed;</li>
 *   <li>without an online consumer, a durable subscription whose stored definition (topic and selector, noLocal
 *       included: it is part of the selector) differs is replaced: the group is deleted with its offsets, so the
 *       messages kept for the old definition are gone and the new one starts at the end of the topic.</li>
 * </ul>
 * The definition is kept on the name server ({@code PUT_KV_CONFIG}, namespace {@value #NAMESPACE}, key = the group),
 * since brokers forget a group's subscription when its last consumer leaves. A subscription without a stored
 * definition (made before this existed, or its name server lost) is taken as unchanged: in doubt the messages are
 * kept. Stateless; called on the application thread that creates the consumer or unsubscribes.
 */
final class SubscriptionDefinitions {
    static final String NAMESPACE = "APOGEE_JMS_SUBSCRIPTION";

    private SubscriptionDefinitions() {
    }

    /** The stored form of a definition: the topic and the selector the brokers evaluate (null: everything). */
    static String definition(String topic, String selector) {
        return topic + "\n" + (selector == null || selector.isBlank() ? "" : selector);
    }

    /**
     * Refuses {@code subscription} (type, expression) on {@code topic} when an online consumer of {@code group}
     * registered another topic or expression with a master broker.
     */
    static void checkOnline(AdminClient admin, Rpc rpc, long timeoutMillis, String group, String topic,
            String[] subscription) throws JMSException, MQClientException, InterruptedException {
        SubscriptionData wanted = SubscriptionData.buildSubscriptionData(topic, subscription[1], subscription[0], 0);
        for (BrokerData broker : admin.clusterInfo().getBrokerAddrTable().values()) {
            if (broker.masterAddr() == null) {
                continue;
            }
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.GET_CONSUMER_CONNECTION_LIST);
            request.putExtField("consumerGroup", group);
            RemotingCommand response = rpc.call(broker.masterAddr(), request, timeoutMillis);
            if (response.code() != ResponseCode.SUCCESS) {
                continue; // CONSUMER_NOT_ONLINE: nobody there
            }
            for (Map.Entry<String, SubscriptionData> e : ConsumerConnection.decode(response.body())
                    .getSubscriptionTable().entrySet()) {
                if (e.getKey().startsWith("%RETRY%")) {
                    continue;
                }
                SubscriptionData live = e.getValue();
                if (!e.getKey().equals(topic) || !Objects.equals(live.getSubString(), wanted.getSubString())
                        || !Objects.equals(live.getExpressionType(), wanted.getExpressionType())) {
                    throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the subscription " + group + " has an active"
                            + " consumer on topic " + e.getKey() + " with " + describe(live) + "; a consumer of "
                            + topic + " with " + describe(wanted) + " cannot join it");
                }
            }
        }
    }

    private static String describe(SubscriptionData s) {
        return "*".equals(s.getSubString()) ? "no selector" : "selector " + s.getExpressionType() + " '"
                + s.getSubString() + "'";
    }

    /**
     * The definition stored for {@code group}, or null when none is (or the name server cannot say: the subscription
     * is then kept as it is).
     */
    static String stored(Rpc rpc, long timeoutMillis, String group) throws InterruptedException {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.GET_KV_CONFIG);
        request.putExtField("namespace", NAMESPACE);
        request.putExtField("key", group);
        try {
            RemotingCommand response = rpc.callNamesrv(request, timeoutMillis);
            return response.code() == ResponseCode.SUCCESS ? response.header().optionalString("value") : null;
        } catch (MQClientException e) {
            return null;
        }
    }

    static void store(Rpc rpc, long timeoutMillis, String group, String definition)
            throws MQClientException, InterruptedException {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.PUT_KV_CONFIG);
        request.putExtField("namespace", NAMESPACE);
        request.putExtField("key", group);
        request.putExtField("value", definition);
        rpc.callNamesrv(request, timeoutMillis);
    }

    static void forget(Rpc rpc, long timeoutMillis, String group) throws MQClientException, InterruptedException {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.DELETE_KV_CONFIG);
        request.putExtField("namespace", NAMESPACE);
        request.putExtField("key", group);
        rpc.callNamesrv(request, timeoutMillis);
    }
}
