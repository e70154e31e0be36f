package dev.apogee.ra.inflow;

import dev.apogee.jms.api.NativeConsumers.ConsumeFrom;

/**
 * A validated activation: what to consume and how, every default applied.
 *
 * @param destination       the destination name (when {@code destinationLookup} is null)
 * @param destinationLookup JNDI name of the destination object, or null
 * @param topic             the destination is a topic
 * @param selector          the effective selector (tag and message selector combined), or null
 * @param dupsOk            Dups-ok-acknowledge was asked for (deliveries are still committed one by one)
 * @param durable           a durable topic subscription
 * @param subscriptionName  the subscription name for durable or shared subscriptions, or null
 * @param shared            the subscription is shared between the sessions (and other activations)
 * @param cfLookup          JNDI name of a connection factory whose settings sit between spec and adapter, or null
 * @param maxSession        concurrent sessions (and endpoints) of this activation
 * @param consumerGroup     the native consumer group to read as (instead of the JMS subscription's), or null
 * @param consumeFrom       where {@code consumerGroup} starts when it has no committed offset; null without one
 */
public record InflowSpec(String destination, String destinationLookup, boolean topic, String selector,
                         boolean dupsOk, boolean durable, String subscriptionName, boolean shared, String cfLookup,
                         int maxSession, String consumerGroup, ConsumeFrom consumeFrom) {
}
