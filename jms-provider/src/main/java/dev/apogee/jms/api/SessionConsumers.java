package dev.apogee.jms.api;

import dev.apogee.jms.destination.ApogeeDestination;
import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.provider.ConsumerSpec;
import dev.apogee.jms.provider.NoLocal;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.Topic;

import java.util.List;

/**
 * Creates a session's consumers: maps each kind of JMS consumer to its consumer group and native subscription
 * ({@link SubscriptionGroups}, MAPPING.md), applies noLocal, checks a named subscription against the one its group
 * has ({@code Provider.prepareSubscription}: §8.3.2–§8.3.4) and registers the consumer with the session. Called on
 * the application's threads; the consumer list is the session's copy-on-write list.
 */
final class SessionConsumers {
    private final ApogeeSession session;
    private final ApogeeConnection connection;
    private final List<ApogeeMessageConsumer> consumers;

    SessionConsumers(ApogeeSession session, ApogeeConnection connection, List<ApogeeMessageConsumer> consumers) {
        this.session = session;
        this.connection = connection;
        this.consumers = consumers;
    }

    /** createConsumer: a queue's consumer, or a non-durable topic subscriber (a private group). */
    ApogeeMessageConsumer consumer(Destination destination, String selector, boolean noLocal) throws JMSException {
        session.checkClosed();
        ApogeeDestination d = SubscriptionGroups.destinationOf(destination);
        if ((d instanceof TemporaryQueue || d instanceof TemporaryTopic) && !connection.ownsTemporary(d)) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "temporary destination " + d
                    + " belongs to another connection (or was deleted)");
        }
        if (d instanceof ApogeeQueue) {
            return open(d, ConsumerSpec.queue(d.topic(), SubscriptionGroups.queueGroup(d), selector));
        }
        ConsumerSpec spec = new ConsumerSpec(d.topic(), SubscriptionGroups.privateTopicGroup(d),
                noLocal ? noLocalSelector(selector) : selector, true, true);
        return open(d, spec, selector, noLocal, null);
    }

    /** createSharedConsumer: joins (or starts) the shared non-durable subscription {@code name}. */
    ApogeeMessageConsumer shared(Topic topic, String name, String selector) throws JMSException {
        session.checkClosed();
        ApogeeTopic t = SubscriptionGroups.topicOf(topic);
        ConsumerSpec spec = ConsumerSpec.shared(t.topic(), SubscriptionGroups.shared(connection.clientIdOrNull(),
                name), selector, true);
        Futures.await(connection.provider().prepareSubscription(spec, false));
        return open(t, spec);
    }

    /** createDurableConsumer / createDurableSubscriber: the unshared durable subscription {@code name}. */
    ApogeeMessageConsumer durable(Topic topic, String name, String selector, boolean noLocal) throws JMSException {
        session.checkClosed();
        ApogeeTopic t = SubscriptionGroups.topicOf(topic);
        String group = SubscriptionGroups.durable(connection.clientIdOrNull(), name);
        // noLocal is part of the subscription's selector: changing it replaces the subscription, as §8.3.3 says
        ConsumerSpec spec = new ConsumerSpec(t.topic(), group, noLocal ? noLocalSelector(selector) : selector, true,
                false);
        return open(t, spec, selector, noLocal, group);
    }

    /** createSharedDurableConsumer: joins (or starts, or replaces) the shared durable subscription {@code name}. */
    ApogeeMessageConsumer sharedDurable(Topic topic, String name, String selector) throws JMSException {
        session.checkClosed();
        ApogeeTopic t = SubscriptionGroups.topicOf(topic);
        ConsumerSpec spec = ConsumerSpec.shared(t.topic(), SubscriptionGroups.sharedDurable(
                connection.clientIdOrNull(), name), selector, false);
        Futures.await(connection.provider().prepareSubscription(spec, true));
        return open(t, spec);
    }

    /** A consumer of an explicit group and spec (NativeConsumers). */
    ApogeeMessageConsumer open(ApogeeDestination d, ConsumerSpec spec) throws JMSException {
        return open(d, spec, spec.selector(), false, null);
    }

    /** A noLocal consumer's broker-side selector; from now on this connection's topic sends carry its origin. */
    private String noLocalSelector(String messageSelector) throws JMSException {
        String origin = connection.noLocalOrigin();
        String selector = NoLocal.selector(messageSelector, origin);
        connection.stampOriginOnTopicSends(origin);
        return selector;
    }

    /**
     * @param selector     the application's selector (what {@code getMessageSelector} answers; the spec's may add
     *                     the noLocal condition)
     * @param durableGroup an unshared durable subscription's group (one active consumer per connection), or null
     */
    private ApogeeMessageConsumer open(ApogeeDestination d, ConsumerSpec spec, String selector, boolean noLocal,
            String durableGroup) throws JMSException {
        if (durableGroup != null && !connection.activateDurable(durableGroup)) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the durable subscription " + durableGroup
                    + " already has an active consumer");
        }
        ApogeeMessageConsumer consumer;
        try {
            if (durableGroup != null) {
                Futures.await(connection.provider().prepareSubscription(spec, true));
            }
            consumer = new ApogeeMessageConsumer(session, d, selector,
                    Futures.await(connection.provider().createConsumer(spec)), durableGroup);
            if (noLocal) {
                consumer.markNoLocal();
            }
        } catch (JMSException | RuntimeException e) {
            if (durableGroup != null) {
                connection.deactivateDurable(durableGroup);
            }
            throw e;
        }
        consumers.add(consumer);
        if (session.isClosed()) {
            consumer.closeInternal();
            session.checkClosed();
        }
        return consumer;
    }
}
