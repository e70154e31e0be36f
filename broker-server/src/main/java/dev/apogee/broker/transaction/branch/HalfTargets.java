package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.TopicConfig;

import java.util.function.IntSupplier;

/**
 * The checks a message of a BRANCH_COMMIT_LOCAL must pass before it is stored as a half, the same a send makes:
 * broker writable, topic name valid and not a system topic, topic existing (no auto-creation: the client creates
 * its destinations before committing) and writable, queue id in range. Stateless apart from its collaborators; any
 * thread.
 */
final class HalfTargets {
    private final TopicConfigTable topics;
    private final IntSupplier brokerPermission;

    HalfTargets(TopicConfigTable topics, IntSupplier brokerPermission) {
        this.topics = topics;
        this.brokerPermission = brokerPermission;
    }

    /** Throws {@link RemotingCommandException} with the response code a send would get when the target is refused. */
    void check(String topic, int queueId) {
        if (!PermName.isWriteable(brokerPermission.getAsInt())) {
            throw new RemotingCommandException(ResponseCode.NO_PERMISSION, "the broker is not writable");
        }
        String invalid = topic == null ? "a message names no topic (REAL_TOPIC)" : TopicValidator.invalidReason(topic);
        if (invalid != null) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER, invalid);
        }
        if (TopicValidator.isNotAllowedToSend(topic)) {
            throw new RemotingCommandException(ResponseCode.NO_PERMISSION,
                    "sending message to topic[" + topic + "] is forbidden: it is a system topic");
        }
        TopicConfig config = topics.get(topic);
        if (config == null) {
            throw new RemotingCommandException(ResponseCode.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist");
        }
        if (!PermName.isWriteable(config.getPerm())) {
            throw new RemotingCommandException(ResponseCode.NO_PERMISSION, "the topic[" + topic
                    + "] is not writable");
        }
        int queues = Math.max(config.getReadQueueNums(), config.getWriteQueueNums());
        if (queueId < 0 || queueId >= queues) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER, "queueId " + queueId
                    + " is out of range: topic " + topic + " has " + queues + " queues");
        }
    }
}
