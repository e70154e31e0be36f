package dev.apogee.broker.pop;

/** Which per-message state: one consumer group on one queue of one topic. */
record LedgerKey(String group, String topic, int queueId) {
}
