package dev.apogee.broker.pop;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.pull.PullChecks;
import dev.apogee.broker.pull.TagFilter;
import dev.apogee.broker.subscription.SubscriptionGroupConfig;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageFilter;

/**
 * The checks POP requests share, each refusal with the official broker's response code and a remark: broker and
 * topic readable, group known (or auto-created) and allowed to consume, queue in range, a parseable filter.
 * Stateless apart from its collaborators.
 */
final class PopChecks {
    /** Longest invisible time a pop or change may ask for (the official proxy's bound). */
    static final long MAX_INVISIBLE_MILLIS = 12L * 3600 * 1000;
    /** Most messages one pop may ask for (the official broker's bound). */
    static final int MAX_MESSAGES = 32;

    private final BrokerConfig config;
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;
    private final PullChecks.PropertyFilterFactory propertyFilters;

    PopChecks(BrokerConfig config, TopicConfigTable topics, SubscriptionGroupTable groups,
            PullChecks.PropertyFilterFactory propertyFilters) {
        this.config = config;
        this.topics = topics;
        this.groups = groups;
        this.propertyFilters = propertyFilters;
    }

    TopicConfig readableTopic(String topic) {
        if (!PermName.isReadable(config.getBrokerPermission())) {
            throw refuse(ResponseCode.NO_PERMISSION, "the broker[" + config.getBrokerName()
                    + "] pop message is forbidden");
        }
        TopicConfig t = topics.get(topic);
        if (t == null) {
            throw refuse(ResponseCode.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist, apply first please!");
        }
        if (!PermName.isReadable(t.getPerm())) {
            throw refuse(ResponseCode.NO_PERMISSION, "the topic[" + topic + "] peeking message is forbidden");
        }
        return t;
    }

    /** A known topic (ack and change-invisible-time: no read permission needed to finish what was popped). */
    TopicConfig knownTopic(String topic) {
        TopicConfig t = topics.get(topic);
        if (t == null) {
            throw refuse(ResponseCode.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist, apply first please!");
        }
        return t;
    }

    void queueInRange(TopicConfig topic, int queueId, boolean anyAllowed, int code) {
        if ((anyAllowed && queueId == -1) || (queueId >= 0 && queueId < topic.getReadQueueNums())) {
            return;
        }
        throw refuse(code, "queueId[" + queueId + "] is illegal, topic:[" + topic.getTopicName()
                + "] topicConfig.readQueueNums:[" + topic.getReadQueueNums() + "]");
    }

    SubscriptionGroupConfig consumingGroup(String group, boolean mayCreate) {
        SubscriptionGroupConfig g = mayCreate ? groups.findOrCreate(group) : groups.get(group);
        if (g == null) {
            throw refuse(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group [" + group
                    + "] does not exist" + (mayCreate ? " and auto-creation is off" : ""));
        }
        if (!g.consumeEnable()) {
            throw refuse(ResponseCode.NO_PERMISSION, "subscription group no permission, " + group);
        }
        return g;
    }

    static void invisibleTimeInRange(long invisibleTime) {
        if (invisibleTime < 0 || invisibleTime > MAX_INVISIBLE_MILLIS) {
            throw refuse(ResponseCode.INVALID_PARAMETER, "invisibleTime " + invisibleTime
                    + " ms is out of range [0, " + MAX_INVISIBLE_MILLIS + "]");
        }
    }

    /** The pop's filter; a JMS expression makes it a selector pop ({@link PopQuery#selectorKey()}). */
    MessageFilter filter(String topic, String expType, String exp) {
        String type = expType == null || expType.isEmpty() ? ExpressionType.TAG : expType;
        SubscriptionData subscription = SubscriptionData.buildSubscriptionData(topic, exp == null ? "*" : exp, type,
                0);
        if (ExpressionType.isTagType(type)) {
            return TagFilter.of(subscription);
        }
        if (!config.isEnablePropertyFilter() || propertyFilters == null) {
            throw refuse(ResponseCode.SUBSCRIPTION_PARSE_FAILED,
                    "The broker does not support consumer to filter message by " + type);
        }
        return propertyFilters.create(subscription);
    }

    static RemotingCommandException refuse(int code, String remark) {
        return new RemotingCommandException(code, remark);
    }
}
