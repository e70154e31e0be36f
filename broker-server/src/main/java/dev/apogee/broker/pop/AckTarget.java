package dev.apogee.broker.pop;

import dev.apogee.remoting.protocol.pop.ReceiptHandle;

/**
 * The message an ACK_MESSAGE or a CHANGE_MESSAGE_INVISIBLETIME names, checked ({@link AckTargetDecoder}): the
 * header's group, topic, queue and offset, which the broker acts on, and the receipt handle that matched them.
 */
record AckTarget(String group, String topic, int queueId, long offset, ReceiptHandle handle) {
}
