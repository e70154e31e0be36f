package dev.apogee.broker.pop.assignment;

import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.JsonBody;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
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

    /** The request body, the official {@code QueryAssignmentRequestBody}. */
    record Query(String topic, String group, String clientId, String messageModel) {
        static Query read(JsonReader r) {
            String topic = null;
            String group = null;
            String clientId = null;
            String model = "CLUSTERING";
            r.beginObject();
            while (r.hasNext()) {
                switch (r.nextName()) {
                    case "topic" -> topic = r.nextString();
                    case "consumerGroup" -> group = r.nextString();
                    case "clientId" -> clientId = r.nextString();
                    case "messageModel" -> model = r.nextString();
                    default -> r.skipValue();
                }
            }
            r.endObject();
            return new Query(topic, group, clientId, model);
        }
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        Query q;
        try {
            q = JsonBody.decode(request.body(), Query::read);
        } catch (JsonException e) {
            return RemotingCommand.createResponse(request, ResponseCode.INVALID_PARAMETER,
                    "malformed QueryAssignmentRequestBody: " + e.getMessage());
        }
        if (q.topic() == null || q.group() == null) {
            return RemotingCommand.createResponse(request, ResponseCode.INVALID_PARAMETER,
                    "topic and consumerGroup are required");
        }
        RequestMode mode = mode(q);
        Set<MessageQueue> queues = assign(q, mode);
        JsonWriter w = new JsonWriter();
        w.beginObject().name("messageQueueAssignments");
        if (queues == null) {
            w.nullValue();
        } else {
            w.beginArray();
            for (MessageQueue mq : queues) {
                w.beginObject().name("attachments").beginObject().endObject().name("messageQueue");
                mq.writeTo(w);
                w.member("mode", mode.mode()).endObject();
            }
            w.endArray();
        }
        w.endObject();
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(w.toString());
    }

    private RequestMode mode(Query q) {
        RequestMode set = modes.get(q.topic(), q.group());
        if (set != null && !q.topic().startsWith(TopicValidator.RETRY_GROUP_TOPIC_PREFIX)) {
            return set;
        }
        return new RequestMode(q.topic(), q.group(), RequestMode.PULL, 0);
    }

    /** Null when the topic is unknown here (the official broker answers no assignment then). */
    private Set<MessageQueue> assign(Query q, RequestMode mode) {
        TopicConfig topic = topics.get(q.topic());
        if (topic == null) {
            return null;
        }
        List<MessageQueue> all = new ArrayList<>();
        for (int i = 0; i < topic.getReadQueueNums(); i++) {
            all.add(new MessageQueue(q.topic(), config.getBrokerName(), i));
        }
        if ("BROADCASTING".equals(q.messageModel())) {
            return new LinkedHashSet<>(all);
        }
        ConsumerGroupInfo group = consumers.group(q.group());
        List<String> clients = group == null ? new ArrayList<>() : new ArrayList<>(group.clientIds());
        Collections.sort(clients);
        if (mode.isPop()) {
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
