package dev.apogee.client.pop;

/**
 * What to pop.
 *
 * @param brokerName    the master to pop from
 * @param queueId       -1 for any queue of that broker; a queue id for orderly pops
 * @param maxMessages   1..32 (the official broker's limit)
 * @param invisibleMillis how long the popped messages stay invisible to the group
 * @param pollMillis    how long the broker may hold the request when nothing is poppable (long polling)
 * @param selector      what to pop
 * @param order         orderly pop: the queue stays locked until its batch is acked or invisible again
 */
public record PopRequest(String group, String topic, String brokerName, int queueId, int maxMessages,
                         long invisibleMillis, long pollMillis, Selector selector, boolean order) {
    public PopRequest {
        if (maxMessages < 1 || maxMessages > PopApi.MAX_MESSAGES) {
            throw new IllegalArgumentException("maxMessages must be 1.." + PopApi.MAX_MESSAGES + ", got " + maxMessages);
        }
        if (invisibleMillis < PopApi.MIN_INVISIBLE_MILLIS) {
            throw new IllegalArgumentException("invisible time must be at least " + PopApi.MIN_INVISIBLE_MILLIS
                    + " ms, got " + invisibleMillis);
        }
        if (pollMillis < 0) {
            throw new IllegalArgumentException("poll time must not be negative, got " + pollMillis);
        }
    }
}
