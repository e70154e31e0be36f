package dev.apogee.jms.api;

import dev.apogee.jms.destination.ApogeeDestination;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.jms.destination.DestinationNames;
import dev.apogee.jms.destination.DestinationParser;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.remoting.naming.JmsGroupName;
import dev.apogee.remoting.naming.NameEncoding;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * The consumer-group names JMS consumers map to (see MAPPING.md): queue consumers share {@code JMSQ_<queue topic>};
 * a non-durable topic subscriber gets a private {@code JMST_<topic>_<random>}; a shared (durable) subscription
 * without a client id is {@code JMSS_<name>} ({@code JMSSD_<name>}), with one {@code JMSSC_<client id>_<name>}
 * ({@code JMSSDC_…}); a durable one {@code JMSD_<client id>_<name>}. Names are encoded with {@link NameEncoding},
 * the client id as a component (its {@code _} escaped too), so the first {@code _} after the prefix ends it and no
 * two (client id, name) pairs, with or without a client id, share a group. No prefix is a prefix of another. The
 * prefixes and the way back (group name to kind, client id and name, for admin tools) are {@link JmsGroupName}.
 * Stateless.
 */
final class SubscriptionGroups {
    private SubscriptionGroups() {
    }

    /** The consumer group shared by all consumers of a queue. */
    static String queueGroup(ApogeeDestination queue) {
        return JmsGroupName.QUEUE_PREFIX + queue.topic(); // at most 5 + 127 characters: always a valid group
    }

    /** A private group for one non-durable topic subscriber. */
    static String privateTopicGroup(ApogeeDestination topic) throws JMSException {
        String random = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        return validated(topic.jmsName(), null, JmsGroupName.NON_DURABLE_PREFIX + topic.topic() + "_" + random);
    }

    static String shared(String clientIdOrNull, String name) throws JMSException {
        return group(clientIdOrNull == null ? JmsGroupName.SHARED_PREFIX : JmsGroupName.SHARED_CLIENT_PREFIX,
                clientIdOrNull, name);
    }

    static String sharedDurable(String clientIdOrNull, String name) throws JMSException {
        return group(clientIdOrNull == null ? JmsGroupName.SHARED_DURABLE_PREFIX
                : JmsGroupName.SHARED_DURABLE_CLIENT_PREFIX, clientIdOrNull, name);
    }

    /** An unshared durable subscription: needs the connection's client id. */
    static String durable(String clientIdOrNull, String name) throws JMSException {
        if (clientIdOrNull == null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE,
                    "an unshared durable subscription needs a client id on the connection");
        }
        return group(JmsGroupName.DURABLE_PREFIX, clientIdOrNull, name);
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

    /** {@code prefix [+ encodeComponent(client id) + "_"] + encode(name)}. */
    private static String group(String prefix, String clientIdOrNull, String name) throws JMSException {
        if (name == null || name.isEmpty()) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "subscription name must not be null or empty");
        }
        try {
            String owner = clientIdOrNull == null ? "" : NameEncoding.encodeComponent(clientIdOrNull) + "_";
            return validated(name, clientIdOrNull, prefix + owner + NameEncoding.encode(name));
        } catch (IllegalArgumentException e) { // an unpaired surrogate: not Unicode text
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "subscription name '" + name
                    + "' or client id '" + clientIdOrNull + "' is not valid: " + e.getMessage());
        }
    }

    private static String validated(String name, String clientIdOrNull, String group) throws JMSException {
        if (group.length() > NameEncoding.GROUP_MAX_LENGTH) {
            String owner = clientIdOrNull == null ? ""
                    : " (client id '" + DestinationNames.abbreviated(clientIdOrNull) + "')";
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "the consumer group of '"
                    + DestinationNames.abbreviated(name) + "'" + owner + " would be " + group.length()
                    + " characters; RocketMQ allows at most "
                    + NameEncoding.GROUP_MAX_LENGTH + " (prefix, encoded client id and encoded name: letters, digits,"
                    + " '%', '_' and '-' count 1, any other character 3 per UTF-8 byte)");
        }
        return group;
    }

}
