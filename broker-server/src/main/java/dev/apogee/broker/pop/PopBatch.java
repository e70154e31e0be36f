package dev.apogee.broker.pop;

import java.util.List;

/**
 * The answer to one pop: the messages (grouped by queue, ascending offsets within a queue), the pop time and
 * invisible time of their leases, how many messages of the group are left in the queues popped, and whether a scan
 * stopped at its limit (an empty answer then is not "nothing there": the pop looks again rather than waiting).
 */
record PopBatch(List<PoppedMessage> messages, long popTime, long invisibleTime, long restNum, boolean moreToScan) {
    boolean isEmpty() {
        return messages.isEmpty();
    }
}
