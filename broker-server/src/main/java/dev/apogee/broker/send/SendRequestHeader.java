package dev.apogee.broker.send;

import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;

/**
 * The header of SEND_MESSAGE (10, long field names) and SEND_MESSAGE_V2 / SEND_BATCH_MESSAGE (310/320, one-letter
 * names), read into one shape.
 */
record SendRequestHeader(String producerGroup, String topic, String defaultTopic, int defaultTopicQueueNums,
                         int queueId, int sysFlag, long bornTimestamp, int flag, String properties,
                         int reconsumeTimes, boolean unitMode, boolean batch, Integer maxReconsumeTimes) {

    /** The topic field alone (null when absent), read without decoding the rest. */
    static String topicOf(RemotingCommand request) {
        return request.extField(request.code() == RequestCode.SEND_MESSAGE ? "topic" : "b");
    }

    static SendRequestHeader decode(RemotingCommand request) {
        HeaderFields h = request.header();
        boolean v1 = request.code() == RequestCode.SEND_MESSAGE;
        return new SendRequestHeader(
                h.requireString(v1 ? "producerGroup" : "a"),
                h.requireString(v1 ? "topic" : "b"),
                h.optionalString(v1 ? "defaultTopic" : "c"),
                h.optionalInt(v1 ? "defaultTopicQueueNums" : "d", 4),
                h.requireInt(v1 ? "queueId" : "e"),
                h.requireInt(v1 ? "sysFlag" : "f"),
                h.requireLong(v1 ? "bornTimestamp" : "g"),
                h.optionalInt(v1 ? "flag" : "h", 0),
                h.optionalString(v1 ? "properties" : "i"),
                h.optionalInt(v1 ? "reconsumeTimes" : "j", 0),
                h.optionalBoolean(v1 ? "unitMode" : "k", false),
                h.optionalBoolean(v1 ? "batch" : "m", false),
                h.optionalInt(v1 ? "maxReconsumeTimes" : "l"));
    }
}
