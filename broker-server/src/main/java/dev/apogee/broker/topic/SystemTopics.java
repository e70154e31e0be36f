package dev.apogee.broker.topic;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.TopicConfig;

import java.util.ArrayList;
import java.util.List;

/** The topics every broker has from its first start, as the official broker registers them. */
public final class SystemTopics {
    private final BrokerConfig config;
    private final int delayLevels;

    public SystemTopics(BrokerConfig config, int delayLevels) {
        this.config = config;
        this.delayLevels = delayLevels;
    }

    public List<TopicConfig> all() {
        int readWrite = PermName.PERM_READ | PermName.PERM_WRITE;
        List<TopicConfig> topics = new ArrayList<>();
        if (config.isAutoCreateTopicEnable()) {
            topics.add(new TopicConfig(TopicValidator.AUTO_CREATE_TOPIC_KEY, config.getDefaultTopicQueueNums(),
                    config.getDefaultTopicQueueNums(), readWrite | PermName.PERM_INHERIT));
        }
        topics.add(new TopicConfig(TopicValidator.SCHEDULE_TOPIC, delayLevels, delayLevels, readWrite));
        topics.add(new TopicConfig(TopicValidator.TRANS_HALF_TOPIC, 1, 1, readWrite));
        topics.add(new TopicConfig(TopicValidator.TRANS_OP_HALF_TOPIC, 1, 1, readWrite));
        topics.add(new TopicConfig(TopicValidator.SELF_TEST_TOPIC, 1, 1, readWrite));
        topics.add(new TopicConfig(TopicValidator.OFFSET_MOVED_EVENT, 1, 1, readWrite));
        topics.add(new TopicConfig(TopicValidator.TIMER_TOPIC, 1, 1, readWrite));
        topics.add(new TopicConfig(config.getBrokerClusterName(), 16, 16, readWrite | PermName.PERM_INHERIT));
        topics.add(new TopicConfig(config.getBrokerName(), 1, 1, readWrite | PermName.PERM_INHERIT));
        return topics;
    }
}
