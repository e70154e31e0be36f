package dev.apogee.broker.pop;

import java.util.List;

/**
 * The answer to one pop: the messages (grouped by queue, ascending offsets within a queue), the pop time and
 * invisible time of their leases, and how many messages of the group are left in the queues popped.
 */
record PopBatch(List<PoppedMessage> messages, long popTime, long invisibleTime, long restNum) {
    boolean isEmpty() {
        return messages.isEmpty();
    }
}
