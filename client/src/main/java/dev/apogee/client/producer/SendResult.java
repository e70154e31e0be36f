package dev.apogee.client.producer;

import dev.apogee.remoting.protocol.body.MessageQueue;

/**
 * What a broker answered to a send.
 *
 * @param msgId         the client message id ({@code UNIQ_KEY}); comma-joined for batches
 * @param offsetMsgId   the broker's offset message id (store host + commit-log offset); comma-joined for batches
 * @param queueOffset   the queue offset of the (first) message
 * @param transactionId the broker's transaction id (the UNIQ_KEY of a single message)
 * @param orderedBroker true when the broker said it stores one connection's sends to a queue in arrival order also
 *                      when they are pipelined ({@link dev.apogee.remoting.protocol.SendResponseFields#ORDERED_SENDS},
 *                      an Apogee broker); false for Apache RocketMQ
 */
public record SendResult(SendStatus status, String msgId, String offsetMsgId, MessageQueue messageQueue,
        long queueOffset, String transactionId, String regionId, boolean orderedBroker) {
}
