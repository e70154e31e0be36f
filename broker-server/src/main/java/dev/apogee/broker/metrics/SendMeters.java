package dev.apogee.broker.metrics;

/** Counts stored messages per topic as sent; called by the send path when the store answered PUT_OK. */
@FunctionalInterface
public interface SendMeters {
    SendMeters NONE = (topic, messages, bytes) -> { };

    void stored(String topic, int messages, long bytes);
}
