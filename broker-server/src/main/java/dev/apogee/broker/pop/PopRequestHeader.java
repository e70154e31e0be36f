package dev.apogee.broker.pop;

import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;

/** The header of POP_MESSAGE (200050), as the official 5.3.3 client sends it. */
record PopRequestHeader(String consumerGroup, String topic, int queueId, int maxMsgNums, long invisibleTime,
                        long pollTime, long bornTime, int initMode, String expType, String exp, boolean order) {

    static PopRequestHeader decode(RemotingCommand request) {
        HeaderFields h = request.header();
        return new PopRequestHeader(
                h.requireString("consumerGroup"),
                h.requireString("topic"),
                h.requireInt("queueId"),
                h.requireInt("maxMsgNums"),
                h.requireLong("invisibleTime"),
                h.optionalLong("pollTime", 0),
                h.optionalLong("bornTime", 0),
                h.optionalInt("initMode", 0),
                h.optionalString("expType"),
                h.optionalString("exp"),
                h.optionalBoolean("order", false));
    }

    /** Apache's rule: a request whose poll time was over (by more than 500 ms) before it arrived is not served. */
    boolean timedOutBeforeArrival(long now) {
        return bornTime > 0 && now - bornTime - pollTime > 500;
    }
}
