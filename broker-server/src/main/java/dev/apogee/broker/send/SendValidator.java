package dev.apogee.broker.send;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.TopicConfig;

/**
 * The checks the official broker makes before storing a sent message, each failing with its response code and a
 * remark that says what to fix: broker writable, topic name, system topics, topic exists (or is auto-created from its
 * template), queue id in range. Stateless apart from its collaborators; called on send threads and event loops.
 */
final class SendValidator {
    private final BrokerConfig config;
    private final TopicConfigTable topics;

    SendValidator(BrokerConfig config, TopicConfigTable topics) {
        this.config = config;
        this.topics = topics;
    }

    /**
     * Whether a send may be processed on its connection's event loop: a oneway send (nobody waits for the disk, see
     * {@link MessageAppender}), or, when {@code loneWriter}, an answered one (see
     * {@link MessageAppender#answeredPutIsCheap}), to a topic that exists, so that neither an auto-creation (which
     * writes the topic table to disk) nor a wait for the group commit can block the loop. It saves the hand-off to a
     * send thread, and for an answered send also the hand-off of its response back to the loop.
     */
    boolean cheapOnEventLoop(RemotingCommand request, boolean loneWriter) {
        if (!request.isOneway() && !loneWriter) {
            return false;
        }
        String topic = SendRequestHeader.topicOf(request);
        return topic != null && topics.get(topic) != null;
    }

    /** @return the topic's config; throws {@link RemotingCommandException} with the response code otherwise. */
    TopicConfig validate(SendRequestHeader header) {
        if (!PermName.isWriteable(config.getBrokerPermission())) {
            throw new RemotingCommandException(ResponseCode.NO_PERMISSION,
                    "the broker[" + config.getBrokerName() + "] sending message is forbidden");
        }
        String invalid = TopicValidator.invalidReason(header.topic());
        if (invalid != null) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER, invalid);
        }
        if (TopicValidator.isNotAllowedToSend(header.topic())) {
            throw new RemotingCommandException(ResponseCode.NO_PERMISSION,
                    "sending message to topic[" + header.topic() + "] is forbidden: it is a system topic");
        }
        TopicConfig topic = lookupOrCreate(header);
        if (!PermName.isWriteable(topic.getPerm())) {
            throw new RemotingCommandException(ResponseCode.NO_PERMISSION,
                    "the topic[" + header.topic() + "] is not writable");
        }
        int queues = Math.max(topic.getReadQueueNums(), topic.getWriteQueueNums());
        if (header.queueId() >= queues) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER, "queueId " + header.queueId()
                    + " is out of range: topic " + header.topic() + " has " + queues + " queues on broker "
                    + config.getBrokerName());
        }
        return topic;
    }

    private TopicConfig lookupOrCreate(SendRequestHeader header) {
        TopicConfig topic = topics.get(header.topic());
        if (topic != null) {
            return topic;
        }
        if (TopicValidator.isRetryTopic(header.topic())) {
            return topics.createIfAbsent(new TopicConfig(header.topic(), 1, 1,
                    PermName.PERM_READ | PermName.PERM_WRITE));
        }
        if (config.isAutoCreateTopicEnable()) {
            topic = topics.createOnSend(header.topic(), header.defaultTopic(), header.defaultTopicQueueNums(), 0);
        }
        if (topic == null) {
            throw new RemotingCommandException(ResponseCode.TOPIC_NOT_EXIST, "topic[" + header.topic()
                    + "] not exist, apply first please! (auto-create is "
                    + (config.isAutoCreateTopicEnable() ? "on but the template topic is missing" : "off") + ")");
        }
        return topic;
    }
}
