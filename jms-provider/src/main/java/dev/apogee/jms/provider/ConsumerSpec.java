package dev.apogee.jms.provider;

/**
 * What a consumer reads.
 *
 * @param topic          the RocketMQ topic
 * @param group          the consumer group (see MAPPING.md, "Destinations and subscriptions")
 * @param selector       the JMS message selector, or null/blank for all messages
 * @param fromLast       a new group starts at the end of the topic (topic subscriptions) instead of its start
 * @param removeOnClose  the group is private to this consumer and deleted with its offsets when it closes
 * @param endsWithLastConsumer (POP only) the group is a shared non-durable subscription (§8.3.2): it ends when its last online
 *                       consumer closes (the group is deleted then), and a consumer that finds no other online member
 *                       starts it afresh at the end of the topic
 * @param fromTimestamp  when at least 0, a group without a committed offset starts at the first message stored at or
 *                       after this time (epoch ms) instead of by {@code fromLast}; -1 otherwise
 * @param pop            the group consumes by POP (JMS queues and shared subscriptions): any number of consumers
 *                       share it message by message, each message acknowledged on its own; otherwise the consumer
 *                       owns queues of the topic and commits offsets (exclusive topic subscriptions, native groups)
 */
public record ConsumerSpec(String topic, String group, String selector, boolean fromLast, boolean removeOnClose,
        boolean endsWithLastConsumer, long fromTimestamp, boolean pop) {

    /** An offset-consuming spec. */
    public ConsumerSpec(String topic, String group, String selector, boolean fromLast, boolean removeOnClose,
            boolean endsWithLastConsumer, long fromTimestamp) {
        this(topic, group, selector, fromLast, removeOnClose, endsWithLastConsumer, fromTimestamp, false);
    }

    /** A JMS queue's consumer: the queue's group, by POP, from the queue's first message. */
    public static ConsumerSpec queue(String topic, String group, String selector) {
        return new ConsumerSpec(topic, group, selector, false, false, false, -1, true);
    }

    /**
     * A shared subscription's consumer, by POP, starting at the end of the topic when the subscription is new;
     * {@code endsWithLastConsumer} for a non-durable one (§8.3.2).
     */
    public static ConsumerSpec shared(String topic, String group, String selector, boolean endsWithLastConsumer) {
        return new ConsumerSpec(topic, group, selector, true, false, endsWithLastConsumer, -1, true);
    }

    /** An offset-consuming spec that does not start by timestamp (exclusive topic subscriptions). */
    public ConsumerSpec(String topic, String group, String selector, boolean fromLast, boolean removeOnClose) {
        this(topic, group, selector, fromLast, removeOnClose, false, -1);
    }
}
