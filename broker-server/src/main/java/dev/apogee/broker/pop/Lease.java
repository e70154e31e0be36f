package dev.apogee.broker.pop;

/**
 * A popped message of a group: invisible to the group's other pops until {@code deadline} (epoch millis).
 *
 * @param popTime        the pop's time, part of the receipt handle the client gets
 * @param deadline       when the message is due again unless acked or extended
 * @param reconsumeTimes deliveries before this one (what the client reads as {@code reconsumeTimes})
 */
record Lease(long popTime, long deadline, int reconsumeTimes) {
}
