package dev.apogee.broker.admin;

import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicConfig;

/** What an admin-created topic must satisfy: a valid name, not a broker-owned system topic, sane queue counts. */
final class TopicConfigChecks {
    private static final int MAX_QUEUES = 1024;

    private TopicConfigChecks() {
    }

    static void check(TopicConfig config) {
        String invalid = TopicValidator.invalidReason(config.getTopicName());
        if (invalid != null) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER, invalid);
        }
        if (TopicValidator.isNotAllowedToSend(config.getTopicName())) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER,
                    "The topic[" + config.getTopicName() + "] is conflict with system topic.");
        }
        if (config.getReadQueueNums() < 0 || config.getWriteQueueNums() < 0
                || config.getReadQueueNums() > MAX_QUEUES || config.getWriteQueueNums() > MAX_QUEUES) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER, "queue counts of topic "
                    + config.getTopicName() + " must be within [0, " + MAX_QUEUES + "]");
        }
    }
}
