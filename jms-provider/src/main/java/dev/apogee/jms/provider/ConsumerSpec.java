package dev.apogee.jms.provider;

/**
 * What a consumer reads.
 *
 * @param topic          the RocketMQ topic
 * @param group          the consumer group (see MAPPING.md, "Destinations and subscriptions")
 * @param selector       the JMS message selector, or null/blank for all messages
 * @param fromLast       a new group starts at the end of the topic (topic subscriptions) instead of its start
 * @param removeOnClose  the group is private to this consumer and deleted with its offsets when it closes
 */
public record ConsumerSpec(String topic, String group, String selector, boolean fromLast, boolean removeOnClose) {
}
