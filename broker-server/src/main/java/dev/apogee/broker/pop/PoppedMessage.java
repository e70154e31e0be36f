package dev.apogee.broker.pop;

import java.nio.ByteBuffer;

/**
 * One message handed out by a pop: its queue and offset (for the receipt handle) and the stored record to send, a
 * read-only slice of the CommitLog, or a heap copy when its RECONSUMETIMES field was raised for a redelivery.
 */
record PoppedMessage(int queueId, long queueOffset, ByteBuffer record) {
}
