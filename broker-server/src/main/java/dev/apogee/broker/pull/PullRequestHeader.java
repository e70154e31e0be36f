package dev.apogee.broker.pull;

import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;

/** The header of PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361). */
record PullRequestHeader(String consumerGroup, String topic, int queueId, long queueOffset, int maxMsgNums,
                         int sysFlag, long commitOffset, long suspendTimeoutMillis, String subscription,
                         long subVersion, String expressionType, int maxMsgBytes) {
    static final int FLAG_COMMIT_OFFSET = 1;
    static final int FLAG_SUSPEND = 2;
    static final int FLAG_SUBSCRIPTION = 4;

    static PullRequestHeader decode(RemotingCommand request) {
        HeaderFields h = request.header();
        return new PullRequestHeader(
                h.requireString("consumerGroup"),
                h.requireString("topic"),
                h.requireInt("queueId"),
                h.requireLong("queueOffset"),
                h.requireInt("maxMsgNums"),
                h.requireInt("sysFlag"),
                h.optionalLong("commitOffset", 0),
                h.optionalLong("suspendTimeoutMillis", 15_000),
                h.optionalString("subscription"),
                h.optionalLong("subVersion", 0),
                h.optionalString("expressionType"),
                h.optionalInt("maxMsgBytes", Integer.MAX_VALUE));
    }

    boolean commitOffsetRequested() {
        return (sysFlag & FLAG_COMMIT_OFFSET) != 0;
    }

    boolean suspendAllowed() {
        return (sysFlag & FLAG_SUSPEND) != 0;
    }

    boolean carriesSubscription() {
        return (sysFlag & FLAG_SUBSCRIPTION) != 0;
    }
}
