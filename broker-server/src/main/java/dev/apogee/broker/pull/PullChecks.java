package dev.apogee.broker.pull;

import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.subscription.SubscriptionGroupConfig;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.MessageModel;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageFilter;

/**
 * Everything a pull must pass before the store is read — broker and topic readable, group known and enabled,
 * queue in range, a subscription (from the request or the group's heartbeat) that is current — producing the
 * broker-side filter for it. Each refusal carries the official response code and a remark saying why.
 * Stateless apart from its collaborators; called on pull threads.
 */
public final class PullChecks {
    private final BrokerConfig config;
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;
    private final ConsumerRegistry consumers;
    private final PropertyFilterFactory propertyFilters;

    /** Builds filters for non-TAG (SQL92) subscriptions; see the broker's filter package. */
    @FunctionalInterface
    public interface PropertyFilterFactory {
        /** @throws RemotingCommandException with SUBSCRIPTION_PARSE_FAILED for an invalid expression */
        MessageFilter create(SubscriptionData subscription);
    }

    public PullChecks(BrokerConfig config, TopicConfigTable topics, SubscriptionGroupTable groups,
            ConsumerRegistry consumers, PropertyFilterFactory propertyFilters) {
        this.config = config;
        this.topics = topics;
        this.groups = groups;
        this.consumers = consumers;
        this.propertyFilters = propertyFilters;
    }

    /** Whether the group is known already (a check of an unknown one may auto-create it, writing the group table). */
    boolean knowsGroup(String group) {
        return groups.get(group) != null;
    }

    MessageFilter check(PullRequestHeader header) {
        if (!PermName.isReadable(config.getBrokerPermission())) {
            throw refuse(ResponseCode.NO_PERMISSION, "the broker[" + config.getBrokerName() + "] pulling message is forbidden");
        }
        SubscriptionGroupConfig group = groups.findOrCreate(header.consumerGroup());
        if (group == null) {
            throw refuse(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group [" + header.consumerGroup()
                    + "] does not exist and auto-creation is off");
        }
        if (!group.consumeEnable()) {
            throw refuse(ResponseCode.NO_PERMISSION, "subscription group [" + header.consumerGroup()
                    + "] is not allowed to consume");
        }
        TopicConfig topic = topics.get(header.topic());
        if (topic == null) {
            throw refuse(ResponseCode.TOPIC_NOT_EXIST, "topic[" + header.topic() + "] not exist, apply first please!");
        }
        if (!PermName.isReadable(topic.getPerm())) {
            throw refuse(ResponseCode.NO_PERMISSION, "the topic[" + header.topic() + "] pulling message is forbidden");
        }
        if (header.queueId() < 0 || header.queueId() >= topic.getReadQueueNums()) {
            throw refuse(ResponseCode.INVALID_PARAMETER, "queueId[" + header.queueId() + "] is illegal, topic:["
                    + header.topic() + "] topicConfig.readQueueNums:[" + topic.getReadQueueNums() + "]");
        }
        return filterFor(subscription(header, group));
    }

    private SubscriptionData subscription(PullRequestHeader header, SubscriptionGroupConfig group) {
        if (header.carriesSubscription()) {
            String type = header.expressionType() == null ? ExpressionType.TAG : header.expressionType();
            return SubscriptionData.buildSubscriptionData(header.topic(), header.subscription(), type,
                    header.subVersion());
        }
        ConsumerGroupInfo info = consumers.group(header.consumerGroup());
        if (info == null) {
            throw refuse(ResponseCode.SUBSCRIPTION_NOT_EXIST, "the consumer's group info does not exist: "
                    + header.consumerGroup() + " (heartbeat first)");
        }
        if (info.messageModel() == MessageModel.BROADCASTING && !group.consumeBroadcastEnable()) {
            throw refuse(ResponseCode.NO_PERMISSION, "the consumer group[" + header.consumerGroup()
                    + "] can not consume by broadcast way");
        }
        SubscriptionData subscription = info.subscription(header.topic());
        if (subscription == null) {
            throw refuse(ResponseCode.SUBSCRIPTION_NOT_EXIST, "the consumer's subscription does not exist: group "
                    + header.consumerGroup() + ", topic " + header.topic());
        }
        if (subscription.getSubVersion() < header.subVersion()) {
            throw refuse(ResponseCode.SUBSCRIPTION_NOT_LATEST, "the consumer's subscription is not latest: group "
                    + header.consumerGroup() + ", topic " + header.topic());
        }
        return subscription;
    }

    private MessageFilter filterFor(SubscriptionData subscription) {
        if (ExpressionType.isTagType(subscription.getExpressionType())) {
            return TagFilter.of(subscription);
        }
        if (!config.isEnablePropertyFilter() || propertyFilters == null) {
            throw refuse(ResponseCode.SYSTEM_ERROR,
                    "The broker does not support consumer to filter message by " + subscription.getExpressionType());
        }
        return propertyFilters.create(subscription);
    }

    private static RemotingCommandException refuse(int code, String remark) {
        return new RemotingCommandException(code, remark);
    }
}
