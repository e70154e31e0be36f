package dev.apogee.broker.admin;

import dev.apogee.broker.client.ClientChannelInfo;
import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.Pops;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.RemotingAddress;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.ResetOffsetBody;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * INVOKE_BROKER_TO_RESET_OFFSET (222, mqadmin resetOffsetByTime): moves a group's committed offsets on a topic to the
 * first message stored at or after a time ({@code timestamp=-1}: the queue's end), on every read queue or on the
 * one {@code queueId} given (then an explicit {@code offset} may replace the time). Without {@code isForce} an offset
 * only moves back. The offsets are written here, so a group that is offline resumes from them; consumers online are
 * told at once (RESET_CONSUMER_CLIENT_OFFSET, oneway): the official push consumer then drops what it holds of those
 * queues and continues from the new offsets, committing them itself. Answers the new offsets; 17 for an unknown
 * topic, 26 for an unknown group; refuses a group that pops the topic (its progress lives in POP state, not in
 * committed offsets).
 */
public final class ResetOffsetByTimeProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(ResetOffsetByTimeProcessor.class);
    private static final long NOTICE_TIMEOUT_MILLIS = 3_000;

    private final String brokerName;
    private final ResetTargets targets;
    private final ConsumerOffsetTable offsets;
    private final ConsumerRegistry consumers;
    private final NettyRemotingServer server;

    /** What a reset reads: the topic and group tables, the store, and the POP state. */
    public record ResetTargets(TopicConfigTable topics, SubscriptionGroupTable groups, MessageStore store, Pops pops) {
    }

    public ResetOffsetByTimeProcessor(String brokerName, ResetTargets targets, ConsumerOffsetTable offsets,
            ConsumerRegistry consumers, NettyRemotingServer server) {
        this.brokerName = brokerName;
        this.targets = targets;
        this.offsets = offsets;
        this.consumers = consumers;
        this.server = server;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        String topic = h.requireString("topic");
        String group = h.requireString("group");
        long timestamp = h.requireLong("timestamp");
        boolean force = h.optionalBoolean("isForce", true);
        int queueId = h.optionalInt("queueId", -1);
        Long offset = h.optionalLong("offset");
        TopicConfig config = targets.topics().get(topic);
        if (config == null) {
            return error(request, ResponseCode.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist");
        }
        ConsumerGroupInfo online = consumers.group(group);
        if (targets.groups().get(group) == null && online == null && offsets.topicsOf(group).isEmpty()) {
            return error(request, ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group[" + group
                    + "] not exist");
        }
        if (targets.pops().topicsOf(group).contains(topic)) {
            return error(request, ResponseCode.SYSTEM_ERROR, "group[" + group + "] pops topic[" + topic
                    + "]: its offsets cannot be reset (not supported for POP consumption)");
        }
        if (queueId >= config.getReadQueueNums()) {
            return error(request, ResponseCode.INVALID_PARAMETER, "queueId " + queueId + " out of range [0, "
                    + config.getReadQueueNums() + ") of topic[" + topic + "]");
        }
        ResetOffsetBody body = new ResetOffsetBody();
        int from = queueId >= 0 ? queueId : 0;
        int to = queueId >= 0 ? queueId + 1 : config.getReadQueueNums();
        for (int q = from; q < to; q++) {
            long target = offset != null && offset >= 0 && queueId >= 0 ? clamp(topic, q, offset)
                    : offsetAt(topic, q, timestamp);
            long current = offsets.query(group, topic, q);
            long reset = force || current < 0 || target < current ? target : current;
            offsets.commit(group, topic, q, reset);
            body.getOffsetTable().put(new MessageQueue(topic, brokerName, q), reset);
        }
        LOG.info("reset offsets of group {} on topic {} to {} (timestamp {}, force {}), asked by {}", group, topic,
                body.getOffsetTable().values(), timestamp, force, RemotingAddress.of(channel));
        if (online != null) {
            notifyConsumers(online, topic, group, timestamp, body);
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(body.encode());
    }

    private long offsetAt(String topic, int queueId, long timestamp) {
        MessageStore store = targets.store();
        return timestamp < 0 ? store.getMaxOffsetInQueue(topic, queueId)
                : store.getOffsetInQueueByTime(topic, queueId, timestamp);
    }

    private long clamp(String topic, int queueId, long offset) {
        MessageStore store = targets.store();
        return Math.max(store.getMinOffsetInQueue(topic, queueId),
                Math.min(offset, store.getMaxOffsetInQueue(topic, queueId)));
    }

    private void notifyConsumers(ConsumerGroupInfo online, String topic, String group, long timestamp,
            ResetOffsetBody body) {
        byte[] encoded = body.encode();
        for (ClientChannelInfo client : online.channels()) {
            RemotingCommand notice = RemotingCommand.createRequest(RequestCode.RESET_CONSUMER_CLIENT_OFFSET)
                    .putExtField("topic", topic).putExtField("group", group)
                    .putExtField("timestamp", String.valueOf(timestamp)).putExtField("isForce", "true")
                    .body(encoded);
            try {
                server.invokeOneway(client.channel(), notice, NOTICE_TIMEOUT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                // its committed offsets are reset already: it picks them up when it next rebalances or restarts
                LOG.warn("telling consumer {} ({}) of group {} about the reset failed: {}", client.clientId(),
                        client.clientAddress(), group, e.toString());
            }
        }
    }

    private static RemotingCommand error(RemotingCommand request, int code, String remark) {
        return RemotingCommand.createResponse(request, code, remark);
    }
}
