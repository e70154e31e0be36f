package dev.apogee.jms.api;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.consumer.PullConsumerConfig;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.apogee.jms.api.Fluent.assertThat;
import static dev.apogee.jms.api.Fluent.assertThatThrownBy;

/** The JMS API layer end to end against our own name server and broker (one pair for the class). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JmsEndToEndTest {
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static JmsBroker broker;
    private final List<Connection> connections = new ArrayList<>();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = JmsBroker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @AfterEach
    void closeConnections() throws Exception {
        for (Connection c : connections) {
            c.close();
        }
    }

    private Connection connect() throws Exception {
        Connection c = broker.factory().createConnection();
        connections.add(c);
        return c;
    }

    private Connection started() throws Exception {
        Connection c = connect();
        c.start();
        return c;
    }

    private static String name(String prefix) {
        return prefix + "_" + System.currentTimeMillis() % 100_000 + "_" + SEQ.incrementAndGet();
    }

    @Test
    void queueSendReceiveOfEveryBodyType() throws Exception {
        Connection c = started();
        Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = session.createQueue(name("bodies"));
        MessageConsumer consumer = session.createConsumer(queue);
        MessageProducer producer = session.createProducer(queue);

        TextMessage text = session.createTextMessage("hello ✓");
        text.setIntProperty("qty", 42);
        text.setStringProperty("who", "me");
        text.setJMSCorrelationID("corr-1");
        producer.send(text);
        BytesMessage bytes = session.createBytesMessage();
        bytes.writeBytes(new byte[] {1, 2, 3});
        producer.send(bytes);
        MapMessage map = session.createMapMessage();
        map.setLong("big", 1L << 40);
        map.setString("s", "v");
        producer.send(map);
        ObjectMessage object = session.createObjectMessage(new Payload("p", 3, List.of("a", "b")));
        producer.send(object);

        // a queue's topic has several RocketMQ queues: order across them is not guaranteed
        List<Message> rest = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Message m = consumer.receive(10_000);
            assertThat(m).isNotNull();
            rest.add(m);
        }
        Message m1 = rest.stream().filter(m -> m instanceof TextMessage).findFirst().orElseThrow();
        assertThat(((TextMessage) m1).getText()).isEqualTo("hello ✓");
        assertThat(m1.getObjectProperty("qty")).isEqualTo(42);
        assertThat(m1.getStringProperty("who")).isEqualTo("me");
        assertThat(m1.getJMSCorrelationID()).isEqualTo("corr-1");
        assertThat(m1.getJMSMessageID()).isEqualTo(text.getJMSMessageID());
        assertThat(m1.getJMSMessageID()).startsWith("ID:");
        assertThat(m1.getJMSDestination()).isEqualTo(queue);
        assertThat(m1.getJMSDeliveryMode()).isEqualTo(DeliveryMode.PERSISTENT);
        assertThat(m1.getJMSRedelivered()).isFalse();
        int kinds = 0;
        for (Message m : rest) {
            if (m instanceof BytesMessage b) {
                byte[] got = new byte[3];
                assertThat(b.readBytes(got)).isEqualTo(3);
                assertThat(got).containsExactly(1, 2, 3);
                kinds |= 1;
            } else if (m instanceof MapMessage mm) {
                assertThat(mm.getLong("big")).isEqualTo(1L << 40);
                assertThat(mm.getString("s")).isEqualTo("v");
                kinds |= 2;
            } else if (m instanceof ObjectMessage om) {
                assertThat(om.getObject()).isEqualTo(new Payload("p", 3, List.of("a", "b")));
                kinds |= 4;
            } else if (m instanceof TextMessage) {
                kinds |= 8;
            }
        }
        assertThat(kinds).isEqualTo(15);
        assertThat(consumer.receiveNoWait()).isNull();
    }

    @Test
    void queueMessagesAreSplitBetweenConsumers() throws Exception {
        Connection c = started();
        Session s1 = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Session s2 = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s1.createQueue(name("split"));
        MessageConsumer c1 = s1.createConsumer(queue);
        MessageConsumer c2 = s2.createConsumer(queue);
        Thread.sleep(2_500); // let the first consumer's rebalance give up the second one's queues
        // one session's sends share one RocketMQ queue (order, §6.2.9); a connection's consecutive sessions use
        // consecutive queues, so four sessions cover all four and both consumers' shares
        List<Session> senders = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            senders.add(c.createSession(false, Session.AUTO_ACKNOWLEDGE));
        }
        int total = 40;
        for (int i = 0; i < total; i++) {
            Session ps = senders.get(i % senders.size());
            ps.createProducer(queue).send(ps.createTextMessage("m" + i));
        }
        List<String> got1 = new ArrayList<>();
        List<String> got2 = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 20_000;
        while (got1.size() + got2.size() < total && System.currentTimeMillis() < deadline) {
            Message m = c1.receive(100);
            if (m != null) {
                got1.add(((TextMessage) m).getText());
            }
            m = c2.receive(100);
            if (m != null) {
                got2.add(((TextMessage) m).getText());
            }
        }
        List<String> all = new ArrayList<>(got1);
        all.addAll(got2);
        assertThat(all).hasSize(total).doesNotHaveDuplicates();
        assertThat(got1).isNotEmpty();
        assertThat(got2).isNotEmpty();
        assertThat(c1.receive(300)).isNull();
        assertThat(c2.receive(300)).isNull();
    }

    @Test
    void topicSubscribersEachGetEveryMessage() throws Exception {
        Connection c = started();
        Session s1 = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Session s2 = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Topic topic = s1.createTopic(name("pubsub"));
        MessageConsumer sub1 = s1.createConsumer(topic);
        MessageConsumer sub2 = s2.createConsumer(topic);
        MessageProducer producer = s1.createProducer(topic);
        for (int i = 0; i < 5; i++) {
            producer.send(s1.createTextMessage("t" + i));
        }
        assertThat(drain(sub1, 5)).containsExactlyInAnyOrder("t0", "t1", "t2", "t3", "t4");
        assertThat(drain(sub2, 5)).containsExactlyInAnyOrder("t0", "t1", "t2", "t3", "t4");
        assertThat(sub1.receive(300)).isNull();
    }

    @Test
    void nonDurableSubscriberStartsAtTheEndOfTheTopic() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Topic topic = s.createTopic(name("late"));
        MessageProducer producer = s.createProducer(topic);
        producer.send(s.createTextMessage("before"));
        MessageConsumer sub = s.createConsumer(topic);
        producer.send(s.createTextMessage("after"));
        assertThat(drain(sub, 1)).containsExactly("after");
        assertThat(sub.receive(500)).isNull();
    }

    private static List<String> drain(MessageConsumer consumer, int expected) throws Exception {
        List<String> got = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 15_000;
        while (got.size() < expected && System.currentTimeMillis() < deadline) {
            Message m = consumer.receive(200);
            if (m != null) {
                got.add(((TextMessage) m).getText());
            }
        }
        return got;
    }

    @Test
    void tagAndSqlSelectorsDeliverOnlyMatchingMessages() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Topic topic = s.createTopic(name("select"));
        MessageConsumer byTag = s.createConsumer(topic, "TAGS IN ('red', 'blue')");
        MessageConsumer bySql = s.createConsumer(topic, "qty > 5 AND color <> 'red'");
        MessageProducer producer = s.createProducer(topic);
        String[][] sent = {{"red", "1"}, {"green", "7"}, {"blue", "9"}, {"red", "8"}, {"green", "2"}};
        for (String[] m : sent) {
            TextMessage t = s.createTextMessage(m[0] + m[1]);
            t.setStringProperty("JMS_Apogee_Tag", m[0]);
            t.setStringProperty("color", m[0]);
            t.setIntProperty("qty", Integer.parseInt(m[1]));
            producer.send(t);
        }
        assertThat(drain(byTag, 3)).containsExactlyInAnyOrder("red1", "blue9", "red8");
        assertThat(drain(bySql, 2)).containsExactlyInAnyOrder("green7", "blue9");
        assertThat(byTag.receive(300)).isNull();
        assertThat(bySql.receive(300)).isNull();
    }

    @Test
    void invalidSelectorIsRefusedAtCreateConsumer() throws Exception {
        Connection c = connect();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("badsel"));
        assertThatThrownBy(() -> s.createConsumer(queue, "qty >>> 3")).isInstanceOf(InvalidSelectorException.class);
    }

    @Test
    void expiredMessagesAreNotDelivered() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("ttl"));
        MessageConsumer consumer = s.createConsumer(queue);
        MessageProducer producer = s.createProducer(queue);
        producer.send(s.createTextMessage("short"), DeliveryMode.PERSISTENT, 4, 1);
        Thread.sleep(50);
        producer.send(s.createTextMessage("long"), DeliveryMode.NON_PERSISTENT, 7, 60_000);
        Message m = consumer.receive(10_000);
        assertThat(((TextMessage) m).getText()).isEqualTo("long");
        assertThat(m.getJMSPriority()).isEqualTo(7);
        assertThat(m.getJMSDeliveryMode()).isEqualTo(DeliveryMode.NON_PERSISTENT);
        assertThat(m.getJMSExpiration()).isGreaterThan(System.currentTimeMillis());
        assertThat(consumer.receive(500)).isNull();
    }

    @Test
    void anonymousProducerAndCompletionListener() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("anon"));
        MessageConsumer consumer = s.createConsumer(queue);
        MessageProducer anonymous = s.createProducer(null);
        anonymous.setDisableMessageTimestamp(true);
        CountDownLatch done = new CountDownLatch(1);
        anonymous.send(queue, s.createTextMessage("async"), new jakarta.jms.CompletionListener() {
            @Override
            public void onCompletion(Message message) {
                done.countDown();
            }

            @Override
            public void onException(Message message, Exception exception) {
            }
        });
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        Message m = consumer.receive(10_000);
        assertThat(((TextMessage) m).getText()).isEqualTo("async");
        assertThat(m.getJMSTimestamp()).isZero();
        assertThatThrownBy(() -> anonymous.send(s.createTextMessage("nowhere")))
                .isInstanceOf(UnsupportedOperationException.class); // MessageProducer.send(Message) javadoc
    }

    @Test
    void nativeProducerMessageIsReadByJmsConsumer() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("fromnative"));
        MessageConsumer consumer = s.createConsumer(queue);
        Producer producer = new Producer(new ProducerConfig("native_p_" + SEQ.incrementAndGet())
                .setClientConfig(new ClientConfig().setNamesrvAddress(broker.namesrvAddress())
                        .setInstanceName("native-p-" + SEQ.incrementAndGet())));
        producer.start();
        try {
            dev.apogee.client.message.Message nm = new dev.apogee.client.message.Message(queue.getQueueName(),
                    "tagA", "key1", "raw body".getBytes(StandardCharsets.UTF_8));
            nm.putUserProperty("color", "blue");
            producer.send(nm);
        } finally {
            producer.shutdown();
        }
        Message m = consumer.receive(10_000);
        assertThat(m).isInstanceOf(BytesMessage.class);
        byte[] body = new byte[(int) ((BytesMessage) m).getBodyLength()];
        ((BytesMessage) m).readBytes(body);
        assertThat(new String(body, StandardCharsets.UTF_8)).isEqualTo("raw body");
        assertThat(m.getStringProperty("color")).isEqualTo("blue");
        assertThat(m.getStringProperty("JMS_Apogee_Tag")).isEqualTo("tagA");
        assertThat(m.getJMSMessageID()).startsWith("ID:");
        assertThat(m.getJMSDestination()).isEqualTo(queue);
    }

    @Test
    void jmsTextMessageIsReadByNativeConsumer() throws Exception {
        Connection c = started();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s.createQueue(name("tonative"));
        MessageProducer producer = s.createProducer(queue); // creates the topic
        PullConsumer consumer = new PullConsumer(new PullConsumerConfig("native_c_" + SEQ.incrementAndGet())
                .setClientConfig(new ClientConfig().setNamesrvAddress(broker.namesrvAddress())
                        .setInstanceName("native-c-" + SEQ.incrementAndGet()))
                .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET));
        consumer.subscribe(queue.getQueueName(), "*");
        consumer.start();
        try {
            TextMessage t = s.createTextMessage("for native eyes");
            t.setStringProperty("color", "green");
            t.setIntProperty("qty", 7);
            producer.send(t);
            List<MessageExt> got = new ArrayList<>();
            long deadline = System.currentTimeMillis() + 15_000;
            while (got.isEmpty() && System.currentTimeMillis() < deadline) {
                got.addAll(consumer.poll(200));
            }
            assertThat(got).hasSize(1);
            MessageExt m = got.get(0);
            assertThat(new String(m.getBody(), StandardCharsets.UTF_8)).isEqualTo("for native eyes");
            assertThat(m.getUserProperty("color")).isEqualTo("green");
            assertThat(m.getUserProperty("qty")).isEqualTo("7");
            assertThat(m.getUserProperty("JMSMessageID")).isEqualTo(t.getJMSMessageID());
            assertThat(m.getProperty("UNIQ_KEY")).isEqualTo(t.getJMSMessageID().substring(3));
        } finally {
            consumer.shutdown();
        }
    }
}
