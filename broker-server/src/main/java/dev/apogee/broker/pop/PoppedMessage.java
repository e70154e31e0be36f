package dev.apogee.broker.pop;

import java.nio.ByteBuffer;

/**
 * One message handed out by a pop: its topic, queue and offset (for the receipt handle), its reconsume count, and the
 * stored record to send, a read-only slice of the CommitLog, or a heap copy whose RECONSUMETIMES field was raised for
 * a redelivery.
 */
record PoppedMessage(String topic, int queueId, long queueOffset, int reconsumeTimes, ByteBuffer record) {
}
