package dev.apogee.broker.console;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.message.MessageRequestMode;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * An official push consumer that pops ({@code mqadmin setConsumeMode -m POP}, client rebalance off) the
 * {@value #MESSAGES} messages of {@value #TOPIC} and holds them unacknowledged (its listener waits, bounded) until
 * closed: the console shows them in flight.
 */
final class HeldPopConsumer implements AutoCloseable {
    static final String TOPIC = "ConsolePop";
    static final String GROUP = "console-pop";
    static final int MESSAGES = 3;

    private final CountDownLatch release = new CountDownLatch(1);
    private final DefaultMQPushConsumer consumer;

    private HeldPopConsumer(DefaultMQPushConsumer consumer) {
        this.consumer = consumer;
    }

    static HeldPopConsumer start(String namesrv, String brokerName, String brokerAddress,
            DefaultMQProducer producer) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(namesrv);
        admin.setInstanceName("console-admin-" + System.nanoTime());
        admin.start();
        try {
            TopicConfig topic = new TopicConfig(TOPIC, 1, 1);
            topic.setAttributes(new HashMap<>());
            admin.createAndUpdateTopicConfig(brokerAddress, topic);
            SubscriptionGroupConfig group = new SubscriptionGroupConfig();
            group.setGroupName(GROUP);
            admin.createAndUpdateSubscriptionGroupConfig(brokerAddress, group);
            admin.setMessageRequestMode(brokerAddress, TOPIC, GROUP, MessageRequestMode.POP, 0, 5_000);
        } finally {
            admin.shutdown();
        }
        MessageQueue queue = new MessageQueue(TOPIC, brokerName, 0);
        for (int i = 0; i < MESSAGES; i++) {
            Message message = new Message(TOPIC, ("held " + i).getBytes(StandardCharsets.UTF_8));
            // the new topic's route reaches the name server with the broker's next registration
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .until(() -> producer.send(message, queue, 10_000).getSendStatus() == SendStatus.SEND_OK);
        }
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(GROUP);
        consumer.setNamesrvAddr(namesrv);
        consumer.setInstanceName("console-pop-" + System.nanoTime());
        consumer.setClientRebalance(false);
        consumer.setPopInvisibleTime(120_000);
        consumer.subscribe(TOPIC, "*");
        HeldPopConsumer held = new HeldPopConsumer(consumer);
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
            try {
                held.release.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        return held;
    }

    @Override
    public void close() {
        release.countDown();
        consumer.shutdown();
    }
}
