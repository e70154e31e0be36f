package dev.apogee.broker.metrics;

/** Counts messages handed to consumers (pulled or popped) per topic and consumer group. */
@FunctionalInterface
public interface DeliveryMeters {
    DeliveryMeters NONE = (topic, group, messages, bytes) -> { };

    void delivered(String topic, String group, int messages, long bytes);
}
