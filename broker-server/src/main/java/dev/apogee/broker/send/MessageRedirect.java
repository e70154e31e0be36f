package dev.apogee.broker.send;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.schedule.DelayLevelTable;
import dev.apogee.broker.subscription.SubscriptionGroupConfig;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.timer.TimerRouting;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.record.PropertiesCodec;
import dev.apogee.store.record.SysFlag;

import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Where a message is really stored: a retry copy past its max reconsume times goes to the group's DLQ; a timer
 * message waits in the timer topic until due (see {@link TimerRouting}); a message
 * with a DELAY level goes to {@code SCHEDULE_TOPIC_XXXX} (queue level-1) with its real topic and queue kept in
 * REAL_TOPIC / REAL_QID, until the schedule service delivers it. Called on send threads; stateless.
 */
public final class MessageRedirect {
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;
    private final DelayLevelTable delayLevels;
    private final TimerRouting timers;
    /** Told (original topic, group) of each message routed to a DLQ (metrics); set once at broker start. */
    private volatile BiConsumer<String, String> deadLettered = (topic, group) -> { };

    public MessageRedirect(TopicConfigTable topics, SubscriptionGroupTable groups, DelayLevelTable delayLevels,
            TimerRouting timers) {
        this.topics = topics;
        this.groups = groups;
        this.delayLevels = delayLevels;
        this.timers = timers;
    }

    /** Counts the messages routed to a dead-letter queue from now on: {@code (original topic, group)}. */
    public void onDeadLetter(BiConsumer<String, String> counter) {
        this.deadLettered = counter;
    }

    /** Applies retry-to-DLQ and delay rewrites to {@code message} in place. */
    public void apply(MessageToStore message, Integer headerMaxReconsumeTimes) {
        if (TopicValidator.isRetryTopic(message.topic()) && exceedsRetries(message, headerMaxReconsumeTimes)) {
            toDeadLetterQueue(message, message.topic().substring(TopicValidator.RETRY_GROUP_TOPIC_PREFIX.length()));
            return;
        }
        int transactionType = SysFlag.transactionType(message.sysFlag());
        if (transactionType == SysFlag.TRANSACTION_NOT_TYPE && timers.apply(message)) {
            return;
        }
        String delay = PropertiesCodec.get(message.properties(), MessageProperties.DELAY);
        if (delay != null && transactionType == SysFlag.TRANSACTION_NOT_TYPE) {
            int level = parseLevel(delay);
            if (level > 0) {
                toScheduleTopic(message, delayLevels.clamp(level));
            }
        }
    }

    private boolean exceedsRetries(MessageToStore message, Integer headerMax) {
        String group = message.topic().substring(TopicValidator.RETRY_GROUP_TOPIC_PREFIX.length());
        int max = headerMax != null ? headerMax : retryMaxTimes(group);
        return message.reconsumeTimes() > max;
    }

    private int retryMaxTimes(String group) {
        SubscriptionGroupConfig config = groups.get(group);
        return config == null ? SubscriptionGroupConfig.DEFAULT_RETRY_MAX_TIMES : config.retryMaxTimes();
    }

    /** Rewrites {@code message} to {@code %DLQ%<group>} queue 0, without delay. */
    public void toDeadLetterQueue(MessageToStore message, String group) {
        String dlq = TopicValidator.dlqTopic(group);
        topics.createIfAbsent(new TopicConfig(dlq, 1, 1, PermName.PERM_READ | PermName.PERM_WRITE));
        Map<String, String> properties = PropertiesCodec.decode(message.properties());
        properties.remove(MessageProperties.DELAY);
        properties.putIfAbsent(MessageProperties.RETRY_TOPIC, message.topic());
        deadLettered.accept(properties.get(MessageProperties.RETRY_TOPIC), group);
        message.topic(dlq).queueId(0).properties(PropertiesCodec.encode(properties));
    }

    /** Parks {@code message} in the schedule topic queue of its delay level. */
    public void toScheduleTopic(MessageToStore message, int level) {
        Map<String, String> properties = PropertiesCodec.decode(message.properties());
        properties.put(MessageProperties.REAL_TOPIC, message.topic());
        properties.put(MessageProperties.REAL_QID, String.valueOf(message.queueId()));
        properties.put(MessageProperties.DELAY, String.valueOf(level));
        message.topic(TopicValidator.SCHEDULE_TOPIC).queueId(level - 1)
                .properties(PropertiesCodec.encode(properties));
    }

    private static int parseLevel(String delay) {
        try {
            return Integer.parseInt(delay.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
