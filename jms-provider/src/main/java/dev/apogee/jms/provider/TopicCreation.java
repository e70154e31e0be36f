package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.remoting.protocol.ResponseCode;
import jakarta.jms.JMSException;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Creates the topics a connection's destinations name on first use (every master of the cluster, then waits for the
 * route to reach the name servers) and remembers which exist, so later sends skip the route lookup. Creating a topic
 * is an admin request: on a broker with ACL a user without the admin right can only use existing topics, and gets a
 * {@code JMSSecurityException} that says so. Thread-safe: the known set is concurrent, and concurrent first uses of
 * one topic at worst both create it (idempotent on the broker).
 */
final class TopicCreation {
    private final NativeProviderConfig config;
    private final Set<String> known = ConcurrentHashMap.newKeySet();

    TopicCreation(NativeProviderConfig config) {
        this.config = config;
    }

    void ensure(AdminClient admin, String topic) throws JMSException, MQClientException, InterruptedException {
        if (known.contains(topic)) {
            return;
        }
        TopicRouteInfo route = admin.route(topic);
        if (route == null || route.subscribeQueues().isEmpty()) {
            long deadline = System.currentTimeMillis() + Math.max(5_000, config.requestTimeoutMillis());
            create(admin, topic, deadline);
            while ((route = admin.route(topic)) == null || route.subscribeQueues().isEmpty()) {
                if (System.currentTimeMillis() > deadline) {
                    throw JmsExceptions.create(ErrorCode.TOPIC_NOT_FOUND, "topic " + topic
                            + " was created but its route did not reach the name servers in time");
                }
                Thread.sleep(50);
            }
        }
        known.add(topic);
    }

    private void create(AdminClient admin, String topic, long deadline)
            throws JMSException, MQClientException, InterruptedException {
        while (true) {
            try {
                admin.createTopic(topic, config.topicQueueNums());
                return;
            } catch (MQClientException e) {
                if (e.responseCode() == ResponseCode.NO_PERMISSION) {
                    throw JmsExceptions.create(ErrorCode.NO_PERMISSION, "topic " + topic + " does not exist and "
                            + "creating it needs the admin right: create it beforehand or use an admin user ("
                            + e.getMessage() + ")", e);
                }
                // a broker that just started may not have registered with the name servers yet
                if (e.responseCode() != MQClientException.BROKER_NOT_EXIST_EXCEPTION
                        || System.currentTimeMillis() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    void delete(AdminClient admin, String topic) throws MQClientException, InterruptedException {
        admin.deleteTopic(topic);
        known.remove(topic);
    }
}
