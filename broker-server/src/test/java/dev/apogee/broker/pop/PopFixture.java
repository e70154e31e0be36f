package dev.apogee.broker.pop;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.common.message.MessageRequestMode;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.util.HashMap;

/** Topic, group and request-mode set-up through the official admin API ({@code DefaultMQAdminExt}, what mqadmin runs). */
final class PopFixture {
    private PopFixture() {
    }

    static DefaultMQAdminExt admin(BrokerFixture fixture) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(fixture.namesrvAddress());
        admin.setInstanceName("pop-admin-" + System.nanoTime());
        admin.start();
        return admin;
    }

    /** Creates the topic and the group (with {@code retryMaxTimes}) and switches the group to POP on the topic. */
    static void popGroup(DefaultMQAdminExt admin, BrokerFixture fixture, String topic, int queues, String group,
            int retryMaxTimes) throws Exception {
        org.apache.rocketmq.common.TopicConfig t = new org.apache.rocketmq.common.TopicConfig(topic, queues, queues);
        t.setAttributes(new HashMap<>());
        admin.createAndUpdateTopicConfig(fixture.brokerAddress(), t);
        SubscriptionGroupConfig g = new SubscriptionGroupConfig();
        g.setGroupName(group);
        g.setRetryMaxTimes(retryMaxTimes);
        admin.createAndUpdateSubscriptionGroupConfig(fixture.brokerAddress(), g);
        admin.setMessageRequestMode(fixture.brokerAddress(), topic, group, MessageRequestMode.POP, 0, 5_000);
    }
}
