package dev.apogee.broker.admin;

import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;

import java.util.Set;

/**
 * DELETE_TOPIC_IN_BROKER (215): forgets the topic's config, its consume queues and its consumer offsets; its
 * commit-log records age out normally. The admin tool removes it from the name servers itself (216).
 */
public final class DeleteTopicProcessor implements RequestProcessor {
    private final TopicConfigTable topics;
    private final MessageStore store;
    private final ConsumerOffsetTable offsets;

    public DeleteTopicProcessor(TopicConfigTable topics, MessageStore store, ConsumerOffsetTable offsets) {
        this.topics = topics;
        this.store = store;
        this.offsets = offsets;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String topic = request.header().requireString("topic");
        if (TopicValidator.isNotAllowedToSend(topic)) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER,
                    "The topic[" + topic + "] is a system topic and cannot be deleted");
        }
        topics.delete(topic);
        store.deleteTopics(Set.of(topic));
        offsets.removeTopic(topic);
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }
}
