package dev.apogee.broker.console;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the console tests look at, made by the official 5.3.3 client: {@value #ORDERS} with 20 messages (keys
 * {@code order-<i>}, bodies {@code order body <i>}) of which group {@value #READERS} committed up to 2 per queue
 * (through the official admin API);
 * the JMS queue {@code console.orders} (topic {@value #JMS_TOPIC}) with 3 messages of which its group
 * {@value #JMS_GROUP} committed 1 per queue; a message of {@value #PAYMENTS} that the push consumer
 * {@value #FAILING} sent straight to its DLQ. The producer and the failing consumer stay connected until
 * {@link #stopClients()} (the connections page shows them).
 */
final class ConsoleData implements AutoCloseable {
    static final String ORDERS = "ConsoleOrders";
    static final String READERS = "console-readers";
    static final String JMS_TOPIC = "console|2Eorders";
    static final String JMS_GROUP = "JMSQ_console|2Eorders";
    static final String PAYMENTS = "ConsolePayments";
    static final String FAILING = "console-failing";
    static final String DLQ = "%DLQ%" + FAILING;
    static final String PRODUCER_GROUP = "console-producer";
    static final String PAYMENT_BODY = "payment 42 that failed";
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    final DefaultMQProducer producer;
    final List<SendResult> orders = new ArrayList<>();
    /** Messages per queue id of {@value #ORDERS} / {@value #JMS_TOPIC} (both new topics: max offset = count). */
    final Map<Integer, Integer> ordersPerQueue = new TreeMap<>();
    final Map<Integer, Integer> jmsPerQueue = new TreeMap<>();
    SendResult payment;
    private DefaultMQPushConsumer failing;
    private boolean producerStopped;

    private ConsoleData(DefaultMQProducer producer) {
        this.producer = producer;
    }

    /** Fills the broker behind {@code namesrv}; {@code hook} signs the clients (ACL) or is null. */
    static ConsoleData fill(BrokerFixture fixture, RPCHook hook, Callable<Boolean> dlqArrived) throws Exception {
        String namesrv = fixture.namesrvAddress();
        DefaultMQProducer producer = new DefaultMQProducer(PRODUCER_GROUP, hook);
        producer.setNamesrvAddr(namesrv);
        producer.setInstanceName("console-p-" + INSTANCES.incrementAndGet());
        producer.setSendMsgTimeout(10_000);
        producer.start();
        ConsoleData data = new ConsoleData(producer);
        for (int i = 0; i < 20; i++) {
            SendResult sent = data.send(new Message(ORDERS, "TagO", "order-" + i, ("order body " + i).getBytes(
                    StandardCharsets.UTF_8)));
            data.orders.add(sent);
            data.ordersPerQueue.merge(sent.getMessageQueue().getQueueId(), 1, Integer::sum);
        }
        for (int i = 0; i < 3; i++) {
            SendResult sent = data.send(new Message(JMS_TOPIC, ("jms order " + i).getBytes(StandardCharsets.UTF_8)));
            data.jmsPerQueue.merge(sent.getMessageQueue().getQueueId(), 1, Integer::sum);
        }
        DefaultMQAdminExt admin = new DefaultMQAdminExt(hook);
        admin.setNamesrvAddr(namesrv);
        admin.setInstanceName("console-admin-" + INSTANCES.incrementAndGet());
        admin.start();
        try {
            String brokerName = fixture.config().getBrokerName();
            commit(admin, brokerName, fixture.brokerAddress(), READERS, ORDERS, data.ordersPerQueue, 2);
            commit(admin, brokerName, fixture.brokerAddress(), JMS_GROUP, JMS_TOPIC, data.jmsPerQueue, 1);
            data.payment = data.send(new Message(PAYMENTS, "TagP", "pay-42", PAYMENT_BODY.getBytes(
                    StandardCharsets.UTF_8)));
            // a consumer that starts before the name server has the new topic's route rebalances only 20 s later
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .until(() -> !admin.examineTopicRouteInfo(PAYMENTS).getQueueDatas().isEmpty());
        } finally {
            admin.shutdown();
        }
        data.failing = deadLetterEverything(namesrv, hook);
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(60)).until(dlqArrived);
        return data;
    }

    /** The expected committed offset of a queue: up to {@code perQueue}, at most what it holds. */
    static long committed(int count, int perQueue) {
        return Math.min(count, perQueue);
    }

    private SendResult send(Message message) throws Exception {
        SendResult sent = producer.send(message);
        assertEquals(SendStatus.SEND_OK, sent.getSendStatus());
        return sent;
    }

    /**
     * Commits up to {@code upTo} on every queue that holds messages, as group {@code group}, through the official
     * admin API (UPDATE_CONSUMER_OFFSET, answered before it returns; a consumer's background pulls could overwrite
     * its own commits with the offsets they read).
     */
    private static void commit(DefaultMQAdminExt admin, String brokerName, String brokerAddress, String group,
            String topic, Map<Integer, Integer> perQueue, int upTo) throws Exception {
        for (Map.Entry<Integer, Integer> e : perQueue.entrySet()) {
            admin.updateConsumeOffset(brokerAddress, group, new MessageQueue(topic, brokerName, e.getKey()),
                    committed(e.getValue(), upTo));
        }
    }

    private static DefaultMQPushConsumer deadLetterEverything(String namesrv, RPCHook hook)
            throws MQClientException {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(FAILING, hook, new AllocateMessageQueueAveragely());
        consumer.setNamesrvAddr(namesrv);
        consumer.setInstanceName("console-f-" + INSTANCES.incrementAndGet());
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(PAYMENTS, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
            context.setDelayLevelWhenNextConsume(-1); // straight to the DLQ
            return ConsumeConcurrentlyStatus.RECONSUME_LATER;
        });
        consumer.start();
        return consumer;
    }

    /** Stops the failing consumer (a re-sent message would go back to the DLQ) and the producer. */
    void stopClients() {
        if (failing != null) {
            failing.shutdown();
            failing = null;
        }
        if (!producerStopped) {
            producerStopped = true;
            producer.shutdown();
        }
    }

    @Override
    public void close() {
        stopClients();
    }
}
