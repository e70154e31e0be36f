package dev.apogee.jms.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.remoting.naming.NameEncoding;
import jakarta.jms.Connection;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JMS names of any kind (dots, slashes, colons, spaces, non-ASCII, '%', '|', the longest allowed) for queues, topics,
 * durable, shared and shared durable subscriptions and client ids, against our own name server and broker: each maps
 * to its encoded topic or group and comes back as the JMS name in JMSDestination and JMSReplyTo.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JmsDestinationNamesTest {
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static final long WAIT = 10_000;
    private static JmsBroker broker;
    private static AdminClient admin;
    private final List<Connection> connections = new ArrayList<>();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = JmsBroker.start();
        admin = new AdminClient(new ClientConfig().setNamesrvAddress(broker.namesrvAddress())
                .setInstanceName("destination-names-admin"));
        admin.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (admin != null) {
            admin.shutdown();
        }
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

    private Session session(String clientId) throws JMSException {
        Connection c = broker.factory().createConnection();
        connections.add(c);
        if (clientId != null) {
            c.setClientID(clientId);
        }
        c.start();
        return c.createSession(false, Session.AUTO_ACKNOWLEDGE);
    }

    /** {@code base} made unique per test run, keeping its characters. */
    private static String unique(String base) {
        return base + "." + SEQ.incrementAndGet();
    }

    private static String text(Message m) throws JMSException {
        assertNotNull(m, "no message within " + WAIT + " ms");
        return ((TextMessage) m).getText();
    }

    @ParameterizedTest
    @ValueSource(strings = {"orders.created", "a/b:c d", "zäöü.名前", "50%off", "pipe|name", "jms.queue.x"})
    void queueWithReplyToRoundTripsTheJmsName(String base) throws Exception {
        String name = unique(base);
        Session s = session(null);
        Queue queue = s.createQueue(name);
        Queue replyTo = s.createQueue(unique("replies." + base));
        assertEquals(name, queue.getQueueName());
        MessageConsumer consumer = s.createConsumer(queue);
        TextMessage sent = s.createTextMessage("to " + name);
        sent.setJMSReplyTo(replyTo);
        s.createProducer(queue).send(sent);

        Message got = consumer.receive(WAIT);
        assertEquals("to " + name, text(got));
        assertEquals(queue, got.getJMSDestination());
        assertEquals(name, ((Queue) got.getJMSDestination()).getQueueName());
        assertEquals("queue://" + name, got.getJMSDestination().toString());
        assertEquals(replyTo, got.getJMSReplyTo());

        s.createProducer(got.getJMSReplyTo()).send(s.createTextMessage("reply"));
        assertEquals("reply", text(s.createConsumer(replyTo).receive(WAIT)));
        assertTrue(admin.listTopics().contains(NameEncoding.encode(name)), "the encoded topic exists");
    }

    @Test
    void topicDurableSharedAndSharedDurableSubscriptionsWithAnyNames() throws Exception {
        String clientId = unique("app_1/ü:x");
        Session s = session(clientId);
        Topic topic = s.createTopic(unique("events.zäöü/名前 x"));
        MessageConsumer plain = s.createConsumer(topic);
        MessageConsumer durable = s.createDurableConsumer(topic, "sub.one ü");
        MessageConsumer shared = s.createSharedConsumer(topic, "shared.one:x");
        MessageConsumer sharedDurable = s.createSharedDurableConsumer(topic, "shared/durable.名");
        s.createProducer(topic).send(s.createTextMessage("e1"));
        for (MessageConsumer c : List.of(plain, durable, shared, sharedDurable)) {
            Message m = c.receive(WAIT);
            assertEquals("e1", text(m));
            assertEquals(topic, m.getJMSDestination());
        }
        assertTrue(admin.consumerGroupsWithDisplayNames(NameEncoding.encode(topic.getTopicName())).containsValue(
                "JMSD_" + clientId + "_sub.one ü"), "the admin listing shows the group with its JMS names");

        durable.close(); // the durable subscription keeps what is sent while it has no consumer
        s.createProducer(topic).send(s.createTextMessage("e2"));
        MessageConsumer again = s.createDurableConsumer(topic, "sub.one ü");
        assertEquals("e2", text(again.receive(WAIT)));
        again.close();
        s.unsubscribe("sub.one ü");
        sharedDurable.close();
        s.unsubscribe("shared/durable.名");
        assertThrows(InvalidDestinationException.class, () -> s.unsubscribe("sub.one ü"));
    }

    // Client id "a_b" with subscription "c" and client id "a" with subscription "b_c" were one group before
    @Test
    void durableSubscriptionsOfClientIdsWithUnderscoresStayApart() throws Exception {
        String base = "c" + SEQ.incrementAndGet();
        Session first = session(base + "_a");
        Session second = session(base);
        Topic topic = first.createTopic(unique("split.topic"));
        MessageConsumer one = first.createDurableConsumer(topic, "s");
        MessageConsumer two = second.createDurableConsumer(topic, "a_s"); // old: JMSD_<base>_a_s for both
        first.createProducer(topic).send(first.createTextMessage("both"));
        assertEquals("both", text(one.receive(WAIT)));
        assertEquals("both", text(two.receive(WAIT)), "each subscription gets its own copy");
        assertNull(one.receive(200));
        one.close();
        two.close();
        first.unsubscribe("s");
        second.unsubscribe("a_s");
    }

    @Test
    void temporaryQueueAsReplyToOfADottedRequestQueue() throws Exception {
        Session s = session(null);
        Queue requests = s.createQueue(unique("rpc.requests"));
        TemporaryQueue replies = s.createTemporaryQueue();
        TextMessage request = s.createTextMessage("ping");
        request.setJMSReplyTo(replies);
        MessageConsumer server = s.createConsumer(requests);
        s.createProducer(requests).send(request);
        Message got = server.receive(WAIT);
        assertEquals("ping", text(got));
        assertInstanceOf(TemporaryQueue.class, got.getJMSReplyTo());
        assertEquals(replies, got.getJMSReplyTo());
        s.createProducer(got.getJMSReplyTo()).send(s.createTextMessage("pong"));
        assertEquals("pong", text(s.createConsumer(replies).receive(WAIT)));
    }

    @Test
    void theLongestAllowedNameWorksAndALongerOneIsRefused() throws Exception {
        Session s = session(null);
        String prefix = "long." + SEQ.incrementAndGet() + ".";
        String longest = prefix + "x".repeat(NameEncoding.TOPIC_MAX_LENGTH - NameEncoding.encode(prefix).length());
        assertEquals(NameEncoding.TOPIC_MAX_LENGTH, NameEncoding.encode(longest).length());
        Queue queue = s.createQueue(longest);
        MessageConsumer consumer = s.createConsumer(queue);
        s.createProducer(queue).send(s.createTextMessage("long"));
        Message got = consumer.receive(WAIT);
        assertEquals("long", text(got));
        assertEquals(longest, ((Queue) got.getJMSDestination()).getQueueName());

        InvalidDestinationException e = assertThrows(InvalidDestinationException.class,
                () -> s.createQueue(longest + "x"));
        assertEquals("APOGEE-JMS-0010", e.getErrorCode());
        assertTrue(e.getMessage().contains("at most 127"), e.getMessage());
        assertThrows(InvalidDestinationException.class, () -> s.createTopic("名".repeat(15)));
    }

    // A native producer writing to the encoded topic reaches the JMS consumer of the JMS name
    @Test
    void anOfficialProducerOnTheEncodedTopicReachesTheJmsConsumer() throws Exception {
        Session s = session(null);
        Queue queue = s.createQueue(unique("native.orders/ü"));
        MessageConsumer consumer = s.createConsumer(queue); // creates the topic
        DefaultMQProducer producer = new DefaultMQProducer("names_official_" + SEQ.incrementAndGet());
        producer.setNamesrvAddr(broker.namesrvAddress());
        producer.setInstanceName("names-official-" + SEQ.get());
        producer.start();
        try {
            var result = producer.send(new org.apache.rocketmq.common.message.Message(
                    NameEncoding.encode(queue.getQueueName()), "native".getBytes(StandardCharsets.UTF_8)), 10_000);
            assertEquals(SendStatus.SEND_OK, result.getSendStatus());
        } finally {
            producer.shutdown();
        }
        Message got = consumer.receive(WAIT);
        assertNotNull(got);
        assertEquals(queue, got.getJMSDestination());
        assertEquals("native", new String(got.getBody(byte[].class), StandardCharsets.UTF_8));
    }
}
