package dev.apogee.broker.pop;

import org.apache.rocketmq.common.message.MessageRequestMode;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.util.HashMap;

/** Topic, group and request-mode set-up through the official admin API ({@code DefaultMQAdminExt}, what mqadmin runs). */
final class PopFixture {
    private PopFixture() {
    }

    /** A started official admin on {@code namesrvAddress}; the caller shuts it down. */
    static DefaultMQAdminExt admin(String namesrvAddress) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(namesrvAddress);
        admin.setInstanceName("pop-admin-" + System.nanoTime());
        admin.start();
        return admin;
    }

    /**
     * Creates the topic and the group (with {@code retryMaxTimes}) on the broker at {@code brokerAddress} and switches
     * the group to POP on the topic.
     */
    static void popGroup(DefaultMQAdminExt admin, String brokerAddress, String topic, int queues, String group,
            int retryMaxTimes) throws Exception {
        org.apache.rocketmq.common.TopicConfig t = new org.apache.rocketmq.common.TopicConfig(topic, queues, queues);
        t.setAttributes(new HashMap<>());
        admin.createAndUpdateTopicConfig(brokerAddress, t);
        SubscriptionGroupConfig g = new SubscriptionGroupConfig();
        g.setGroupName(group);
        g.setRetryMaxTimes(retryMaxTimes);
        admin.createAndUpdateSubscriptionGroupConfig(brokerAddress, g);
        admin.setMessageRequestMode(brokerAddress, topic, group, MessageRequestMode.POP, 0, 5_000);
    }
}
