package dev.apogee.benchmarks.pop;

import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageRequestMode;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;

import java.util.ArrayList;
import java.util.List;

/**
 * Switches a consumer group to POP on a topic on every master broker of the topic's route, with the official
 * client's {@code MQClientAPIImpl} (the requests mqadmin's {@code updateSubGroup} and {@code setConsumeMode -m POP}
 * send): the group is created first, then {@code SET_MESSAGE_REQUEST_MODE}. A client instance of its own (a started
 * producer is the official client's way to get one), shut down before the measured consumer starts.
 */
final class PopModeSwitch {
    private static final long TIMEOUT_MILLIS = 5_000;

    private PopModeSwitch() {
    }

    /** Returns the master brokers' addresses the group was switched on. */
    static List<String> toPop(String namesrv, String topic, String group) throws Exception {
        DefaultMQProducer admin = new DefaultMQProducer("pop_bench_admin");
        admin.setNamesrvAddr(namesrv);
        admin.setInstanceName("pop-bench-admin-" + ProcessHandle.current().pid());
        admin.setVipChannelEnabled(false);
        admin.start();
        try {
            MQClientAPIImpl api = admin.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
            TopicRouteData route = api.getTopicRouteInfoFromNameServer(topic, TIMEOUT_MILLIS);
            List<String> masters = new ArrayList<>();
            for (BrokerData broker : route.getBrokerDatas()) {
                String address = broker.getBrokerAddrs().get(0L);
                if (address == null) {
                    continue;
                }
                SubscriptionGroupConfig config = new SubscriptionGroupConfig();
                config.setGroupName(group);
                api.createSubscriptionGroup(address, config, TIMEOUT_MILLIS);
                api.setMessageRequestMode(address, topic, group, MessageRequestMode.POP, 0, TIMEOUT_MILLIS);
                masters.add(address);
            }
            if (masters.isEmpty()) {
                throw new IllegalStateException("topic " + topic + " has no master broker in its route");
            }
            return masters;
        } finally {
            admin.shutdown();
        }
    }
}
