package dev.apogee.jms.interop;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import org.junit.jupiter.api.extension.RegisterExtension;
import dev.apogee.jms.api.JmsBrokerExtension;

/**
 * The official Apache RocketMQ 5.3.3 client and our JMS provider on one broker (ours, in this JVM): what a JMS
 * producer sends is what an official consumer reads — UTF-8 body, user properties as their {@code toString()} values
 * (the mapping contract, {@code jms-provider/MAPPING.md}), {@code JMS_Apogee_Tag} as the RocketMQ tag — and an
 * official producer's tags drive a JMS {@code TAGS} selector.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OfficialClientJmsInteropTest {
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static final String TEXT = "héllo ✓ from JMS";
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void jmsTextMessageIsReadByTheOfficialPushConsumer() throws Exception {
        String name = unique("jms2push");
        List<MessageExt> received = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(unique("official_push"));
        consumer.setNamesrvAddr(broker.namesrvAddress());
        consumer.setInstanceName(unique("official-push"));
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        Connection connection = broker.factory().createConnection();
        try {
            Session session = connection.createSession();
            Queue queue = session.createQueue(name);
            var producer = session.createProducer(queue); // creates the topic
            consumer.subscribe(name, "orders"); // the tag: only the tagged message
            consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                received.addAll(messages);
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
            consumer.start();

            TextMessage untagged = session.createTextMessage("not for the tag subscription");
            producer.send(untagged);
            TextMessage message = session.createTextMessage(TEXT);
            message.setStringProperty("JMS_Apogee_Tag", "orders");
            message.setStringProperty("customer", "ACME Ünïcode");
            message.setIntProperty("quantity", 42);
            message.setLongProperty("orderId", 9_007_199_254_740_993L);
            message.setDoubleProperty("price", 12.5);
            message.setBooleanProperty("express", true);
            producer.send(message);

            await().atMost(Duration.ofSeconds(60)).until(() -> !received.isEmpty());
            MessageExt m = received.get(0);
            assertEquals(TEXT, new String(m.getBody(), StandardCharsets.UTF_8));
            assertEquals("orders", m.getTags());
            assertEquals("ACME Ünïcode", m.getUserProperty("customer"));
            assertEquals("42", m.getUserProperty("quantity"));
            assertEquals("9007199254740993", m.getUserProperty("orderId"));
            assertEquals("12.5", m.getUserProperty("price"));
            assertEquals("true", m.getUserProperty("express"));
            assertEquals(message.getJMSMessageID(), m.getUserProperty("JMSMessageID"));
            assertEquals(message.getJMSMessageID().substring(3), m.getMsgId(), "UNIQ_KEY is the JMS id");
            assertEquals(1, received.size(), "the untagged message does not match the tag subscription");
        } finally {
            consumer.shutdown();
            connection.close();
        }
    }

    @Test
    void jmsTextMessageIsReadByTheOfficialLitePullConsumer() throws Exception {
        String name = unique("jms2lite");
        Connection connection = broker.factory().createConnection();
        DefaultLitePullConsumer consumer = new DefaultLitePullConsumer(unique("official_lite"));
        consumer.setNamesrvAddr(broker.namesrvAddress());
        consumer.setInstanceName(unique("official-lite"));
        try {
            Session session = connection.createSession();
            Queue queue = session.createQueue(name);
            TextMessage message = session.createTextMessage(TEXT);
            message.setStringProperty("JMS_Apogee_Tag", "lite");
            message.setShortProperty("small", (short) -3);
            session.createProducer(queue).send(message);

            consumer.start();
            var queues = consumer.fetchMessageQueues(name);
            consumer.assign(queues);
            for (var q : queues) {
                consumer.seekToBegin(q);
            }
            List<MessageExt> read = new ArrayList<>();
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                read.addAll(consumer.poll(200));
                return !read.isEmpty();
            });
            MessageExt m = read.get(0);
            assertEquals(TEXT, new String(m.getBody(), StandardCharsets.UTF_8));
            assertEquals("lite", m.getTags());
            assertEquals("-3", m.getUserProperty("small"));
        } finally {
            consumer.shutdown();
            connection.close();
        }
    }

    @Test
    void officialProducersTagDrivesAJmsTagSelector() throws Exception {
        String name = unique("official2jms");
        Connection connection = broker.factory().createConnection();
        DefaultMQProducer producer = new DefaultMQProducer(unique("official_producer"));
        producer.setNamesrvAddr(broker.namesrvAddress());
        producer.setInstanceName(unique("official-producer"));
        try {
            connection.start();
            Session session = connection.createSession();
            Queue queue = session.createQueue(name);
            MessageConsumer red = session.createConsumer(queue, "TAGS = 'red'"); // creates the topic
            producer.start();
            org.apache.rocketmq.common.message.Message green = new org.apache.rocketmq.common.message.Message(name,
                    "green", "not selected".getBytes(StandardCharsets.UTF_8));
            org.apache.rocketmq.common.message.Message wanted = new org.apache.rocketmq.common.message.Message(name,
                    "red", "selected".getBytes(StandardCharsets.UTF_8));
            wanted.putUserProperty("origin", "official");
            assertEquals(SendStatus.SEND_OK, producer.send(green).getSendStatus());
            assertEquals(SendStatus.SEND_OK, producer.send(wanted).getSendStatus());

            Message m = red.receive(30_000);
            assertNotNull(m, "the red message reaches the TAGS = 'red' consumer");
            BytesMessage bytes = assertInstanceOf(BytesMessage.class, m, "a native message is a BytesMessage");
            byte[] body = new byte[(int) bytes.getBodyLength()];
            bytes.readBytes(body);
            assertEquals("selected", new String(body, StandardCharsets.UTF_8));
            assertEquals("red", m.getStringProperty("JMS_Apogee_Tag"));
            assertEquals("official", m.getStringProperty("origin"));
            assertNull(red.receive(1_000), "the green message is not delivered to the red selector");
        } finally {
            producer.shutdown();
            connection.close();
        }
    }

    private static String unique(String prefix) {
        return prefix + "_" + System.currentTimeMillis() % 100_000 + "_" + SEQ.incrementAndGet();
    }
}
