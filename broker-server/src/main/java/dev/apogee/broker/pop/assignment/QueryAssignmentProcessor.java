package dev.apogee.broker.pop.assignment;

import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.MessageModel;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.MessageQueueAssignment;
import dev.apogee.remoting.protocol.body.MessageRequestMode;
import dev.apogee.remoting.protocol.body.QueryAssignmentRequestBody;
import dev.apogee.remoting.protocol.body.QueryAssignmentResponseBody;
import dev.apogee.remoting.protocol.body.SetMessageRequestModeRequestBody;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * QUERY_ASSIGNMENT (400): the queues of this broker a consumer should consume and how. A group whose mode is POP
 * (SET_MESSAGE_REQUEST_MODE) gets, as from the official broker, one queue with queueId -1 ("pop from any queue") when
 * {@code popShareQueueNum} is 0 or covers every other consumer, else its average share plus the shares of the next
 * {@code popShareQueueNum} consumers; retry topics and groups without a mode are PULL, shared out averagely among
 * the group's consumers (BROADCASTING: every queue). Only this broker's queues are assigned (a consumer asks each
 * broker of the topic's route). Body: {@code {"messageQueueAssignments":[{"messageQueue":..,"mode":..}]}}.
 */
public final class QueryAssignmentProcessor implements RequestProcessor {
    private final RequestModeTable modes;
    private final TopicConfigTable topics;
    private final ConsumerRegistry consumers;
    private final BrokerConfig config;

    public QueryAssignmentProcessor(RequestModeTable modes, TopicConfigTable topics, ConsumerRegistry consumers,
            BrokerConfig config) {
        this.modes = modes;
        this.topics = topics;
        this.consumers = consumers;
        this.config = config;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        QueryAssignmentRequestBody q;
        try {
            q = QueryAssignmentRequestBody.decode(request.body());
        } catch (JsonException e) {
            return RemotingCommand.createResponse(request, ResponseCode.INVALID_PARAMETER,
                    "malformed QueryAssignmentRequestBody: " + e.getMessage());
        }
        if (q == null || q.topic() == null || q.consumerGroup() == null) {
            return RemotingCommand.createResponse(request, ResponseCode.INVALID_PARAMETER,
                    "topic and consumerGroup are required");
        }
        SetMessageRequestModeRequestBody mode = mode(q);
        Set<MessageQueue> queues = assign(q, mode);
        Set<MessageQueueAssignment> assignments = null;
        if (queues != null) {
            assignments = new LinkedHashSet<>();
            for (MessageQueue mq : queues) {
                assignments.add(new MessageQueueAssignment(mq, mode.mode(), Map.of()));
            }
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null)
                .body(new QueryAssignmentResponseBody(assignments).encode());
    }

    private SetMessageRequestModeRequestBody mode(QueryAssignmentRequestBody q) {
        SetMessageRequestModeRequestBody set = modes.get(q.topic(), q.consumerGroup());
        if (set != null && set.mode() != null && !q.topic().startsWith(TopicValidator.RETRY_GROUP_TOPIC_PREFIX)) {
            return set;
        }
        return new SetMessageRequestModeRequestBody(q.topic(), q.consumerGroup(), MessageRequestMode.PULL, 0);
    }

    /** Null when the topic is unknown here (the official broker answers no assignment then). */
    private Set<MessageQueue> assign(QueryAssignmentRequestBody q, SetMessageRequestModeRequestBody mode) {
        TopicConfig topic = topics.get(q.topic());
        if (topic == null) {
            return null;
        }
        List<MessageQueue> all = new ArrayList<>();
        for (int i = 0; i < topic.getReadQueueNums(); i++) {
            all.add(new MessageQueue(q.topic(), config.getBrokerName(), i));
        }
        if (q.messageModel() == MessageModel.BROADCASTING) {
            return new LinkedHashSet<>(all);
        }
        ConsumerGroupInfo group = consumers.group(q.consumerGroup());
        List<String> clients = group == null ? new ArrayList<>() : new ArrayList<>(group.clientIds());
        Collections.sort(clients);
        if (mode.mode() == MessageRequestMode.POP) {
            int share = mode.popShareQueueNum();
            if (share <= 0 || share >= clients.size() - 1 || clients.size() > all.size()) {
                return Set.of(new MessageQueue(q.topic(), config.getBrokerName(), -1));
            }
            Set<MessageQueue> result = new LinkedHashSet<>(averagely(all, clients, q.clientId()));
            int index = clients.indexOf(q.clientId());
            for (int i = 1; index >= 0 && i <= share; i++) {
                result.addAll(averagely(all, clients, clients.get((index + i) % clients.size())));
            }
            return result;
        }
        return new LinkedHashSet<>(averagely(all, clients, q.clientId()));
    }

    /** The official AllocateMessageQueueAveragely. */
    static List<MessageQueue> averagely(List<MessageQueue> all, List<String> clients, String clientId) {
        int index = clients.indexOf(clientId);
        if (index < 0 || all.isEmpty()) {
            return List.of();
        }
        int mod = all.size() % clients.size();
        int averageSize = all.size() <= clients.size() ? 1
                : (mod > 0 && index < mod ? all.size() / clients.size() + 1 : all.size() / clients.size());
        int start = (mod > 0 && index < mod) ? index * averageSize : index * averageSize + mod;
        int range = Math.min(averageSize, all.size() - start);
        List<MessageQueue> result = new ArrayList<>();
        for (int i = 0; i < range; i++) {
            result.add(all.get((start + i) % all.size()));
        }
        return result;
    }
}
