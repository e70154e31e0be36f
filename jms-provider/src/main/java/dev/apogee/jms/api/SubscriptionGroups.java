package dev.apogee.jms.api;

import dev.apogee.jms.destination.ApogeeDestination;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.jms.destination.DestinationParser;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * The consumer-group names JMS consumers map to (see MAPPING.md): queue consumers share {@code JMSQ_<queue>};
 * a non-durable topic subscriber gets a private {@code JMST_…}; shared, shared durable and durable subscriptions
 * get {@code JMSS_}, {@code JMSSD_} and {@code JMSD_} names built from the client id and subscription name.
 * Stateless.
 */
final class SubscriptionGroups {
    private SubscriptionGroups() {
    }

    /** The consumer group shared by all consumers of a queue. */
    static String queueGroup(ApogeeDestination queue) {
        return "JMSQ_" + queue.name();
    }

    /** A private group for one non-durable topic subscriber. */
    static String privateTopicGroup(ApogeeDestination topic) throws JMSException {
        return validated("JMST_" + topic.name() + "_" + UUID.randomUUID().toString().replace("-", "")
                .substring(0, 12));
    }

    static String shared(String clientIdOrNull, String name) throws JMSException {
        return validated("JMSS_" + owner(clientIdOrNull) + name);
    }

    static String sharedDurable(String clientIdOrNull, String name) throws JMSException {
        return validated("JMSSD_" + owner(clientIdOrNull) + name);
    }

    /** An unshared durable subscription: needs the connection's client id. */
    static String durable(String clientIdOrNull, String name) throws JMSException {
        if (clientIdOrNull == null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE,
                    "an unshared durable subscription needs a client id on the connection");
        }
        if (name == null || name.isEmpty()) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "durable subscription name must not be empty");
        }
        return validated("JMSD_" + clientIdOrNull + "_" + name);
    }

    /**
     * Session.unsubscribe: deletes the durable (unshared and shared) subscription {@code name}; IllegalStateException
     * while it has an active consumer of this connection or while messages it delivered are part of the session's
     * transaction or unacknowledged ({@code pendingInSession}, §8.3.3), InvalidDestinationException when no broker
     * has it.
     */
    static void unsubscribe(ApogeeConnection connection, String name, Predicate<String> pendingInSession)
            throws JMSException {
        List<String> groups = new ArrayList<>();
        if (connection.clientIdOrNull() != null) {
            groups.add(durable(connection.clientIdOrNull(), name));
        }
        groups.add(sharedDurable(connection.clientIdOrNull(), name));
        for (String group : groups) {
            if (connection.isDurableActive(group)) {
                throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the durable subscription '" + name
                        + "' has an active consumer");
            }
            if (pendingInSession.test(group)) {
                throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "messages of the durable subscription '" + name
                        + "' are part of the session's transaction or not acknowledged yet");
            }
        }
        boolean existed = false;
        for (String group : groups) {
            if (Futures.await(connection.provider().groupExists(group))) {
                existed = true;
                Futures.await(connection.provider().deleteSubscription(group));
            }
        }
        if (!existed) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "there is no durable subscription '" + name
                    + "'");
        }
    }

    static ApogeeDestination destinationOf(Destination destination) throws JMSException {
        if (destination == null) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "destination must not be null");
        }
        return DestinationParser.fromForeign(destination);
    }

    static ApogeeTopic topicOf(Topic topic) throws JMSException {
        ApogeeDestination d = destinationOf(topic);
        if (!(d instanceof ApogeeTopic t)) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "not a topic: " + topic);
        }
        return t;
    }

    private static String owner(String clientIdOrNull) {
        return clientIdOrNull == null ? "" : clientIdOrNull + "_";
    }

    private static String validated(String name) throws JMSException {
        if (name.length() > 255 || !name.matches("[%|a-zA-Z0-9_-]+")) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "subscription name gives the consumer group '"
                    + name + "', which RocketMQ does not accept (letters, digits, '%', '|', '_', '-')");
        }
        return name;
    }
}
