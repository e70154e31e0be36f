package dev.apogee.broker.retry;

import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;

/**
 * The header of CONSUMER_SEND_MSG_BACK (36).
 *
 * @param offset            commit-log offset of the consumed message
 * @param delayLevel        0 = the broker decides (3 + reconsume times), negative = straight to the DLQ
 * @param originMsgId       the message's UNIQ_KEY as the consumer saw it (optional)
 * @param maxReconsumeTimes the consumer's limit, or null to use the group's
 */
record SendBackHeader(long offset, String group, int delayLevel, String originMsgId, String originTopic,
                      Integer maxReconsumeTimes) {

    static SendBackHeader decode(RemotingCommand request) {
        HeaderFields h = request.header();
        return new SendBackHeader(
                h.requireLong("offset"),
                h.requireString("group"),
                h.requireInt("delayLevel"),
                h.optionalString("originMsgId"),
                h.optionalString("originTopic"),
                h.optionalInt("maxReconsumeTimes"));
    }
}
