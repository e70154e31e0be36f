package dev.apogee.jms.api;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.jms.api.NativeConsumers.ConsumeFrom;
import jakarta.jms.Connection;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Consumers of an explicit native group and start position against our own broker. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class NativeConsumersTest {
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static JmsBroker broker;
    private static AdminClient admin;
    private Connection connection;
    private Session session;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = JmsBroker.start();
        admin = new AdminClient(new ClientConfig().setNamesrvAddress(broker.namesrvAddress())
                .setInstanceName("native-consumers-admin"));
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
    void close() throws Exception {
        if (connection != null) {
            connection.close();
        }
    }

    private Session session() throws Exception {
        connection = broker.factory().createConnection();
        connection.start();
        session = connection.createSession(Session.AUTO_ACKNOWLEDGE);
        return session;
    }

    private static String name(String prefix) {
        return prefix + "_" + System.currentTimeMillis() % 100_000 + "_" + SEQ.incrementAndGet();
    }

    private void send(Destination d, String... texts) throws Exception {
        try (var producer = session.createProducer(d)) {
            for (String t : texts) {
                producer.send(session.createTextMessage(t));
            }
        }
    }

    private static List<String> drain(MessageConsumer consumer, int expected, long millis) throws Exception {
        List<String> got = new ArrayList<>();
        long deadline = System.currentTimeMillis() + millis;
        while (got.size() < expected && System.currentTimeMillis() < deadline) {
            Message m = consumer.receive(200);
            if (m != null) {
                got.add(((TextMessage) m).getText());
            }
        }
        return got;
    }

    private static long committed(String group, String topic) throws Exception {
        return admin.consumerOffsets(group, topic).values().stream().mapToLong(o -> Math.max(0, o)).sum();
    }

    @Test
    void firstReadsWhatWasSentBeforeAndTheGroupIsTheNativeOne() throws Exception {
        Session s = session();
        var topic = s.createTopic(name("NC_FIRST"));
        send(topic, "a", "b");
        String group = name("NATIVE_G");
        MessageConsumer c = NativeConsumers.create(s, topic, group, null, ConsumeFrom.first());
        assertEquals(List.of("a", "b"), drain(c, 2, 10_000));
        c.close();
        assertTrue(admin.consumerGroups(topic.getTopicName()).contains(group));
        await().atMost(10, TimeUnit.SECONDS).until(() -> committed(group, topic.getTopicName()) == 2);
    }

    @Test
    void lastSkipsWhatWasSentBefore() throws Exception {
        Session s = session();
        var topic = s.createTopic(name("NC_LAST"));
        send(topic, "old");
        MessageConsumer c = NativeConsumers.create(s, topic, name("NATIVE_L"), null, ConsumeFrom.last());
        send(topic, "new");
        assertEquals(List.of("new"), drain(c, 2, 3_000));
    }

    @RepeatedTest(2)
    void lastHoldsForEveryMemberOfAGroupStartedByAProbe() throws Exception {
        Session s = session();
        var topic = s.createTopic(name("NC_LAST_MEMBERS"));
        send(topic, "old");
        String group = name("NATIVE_M");
        // as the resource adapter's activation probe: a transacted session, its consumer closed, then the session
        try (Session probe = connection.createSession(Session.SESSION_TRANSACTED)) {
            NativeConsumers.create(probe, topic, group, null, ConsumeFrom.last()).close();
        }
        List<MessageConsumer> members = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Session si = connection.createSession(Session.SESSION_TRANSACTED);
            members.add(NativeConsumers.create(si, topic, group, null, ConsumeFrom.last()));
        }
        send(topic, "new");
        List<String> got = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 3_000;
        while (System.currentTimeMillis() < deadline) {
            for (MessageConsumer m : members) {
                Message msg = m.receive(50);
                if (msg != null) {
                    got.add(((TextMessage) msg).getText());
                }
            }
        }
        assertEquals(List.of("new"), got);
    }

    @Test
    void timestampStartsAtTheFirstMessageStoredFromThen() throws Exception {
        Session s = session();
        var topic = s.createTopic(name("NC_TIME"));
        send(topic, "before");
        long t = System.currentTimeMillis();
        await().atMost(1, TimeUnit.SECONDS).until(() -> System.currentTimeMillis() > t + 1);
        send(topic, "after");
        MessageConsumer c = NativeConsumers.create(s, topic, name("NATIVE_T"), null, ConsumeFrom.timestamp(t + 1));
        assertEquals(List.of("after"), drain(c, 2, 3_000));
    }

    @Test
    void aGroupWithACommittedOffsetResumesWhateverTheStart() throws Exception {
        Session s = session();
        var queue = s.createQueue(name("NC_RESUME"));
        send(queue, "one");
        String group = name("NATIVE_R");
        MessageConsumer c = NativeConsumers.create(s, queue, group, null, ConsumeFrom.first());
        assertEquals(List.of("one"), drain(c, 1, 10_000));
        c.close();
        await().atMost(10, TimeUnit.SECONDS).until(() -> committed(group, queue.getQueueName()) == 1);
        send(queue, "two");
        c = NativeConsumers.create(s, queue, group, null, ConsumeFrom.last());
        assertEquals(List.of("two"), drain(c, 2, 5_000));
        // the JMS queue group is another group: it still has both messages
        assertEquals(List.of("one", "two"), drain(s.createConsumer(queue), 2, 10_000));
    }

    @Test
    void selectorApplies() throws Exception {
        Session s = session();
        var topic = s.createTopic(name("NC_SEL"));
        try (var producer = s.createProducer(topic)) {
            for (String color : new String[] {"red", "blue"}) {
                TextMessage m = s.createTextMessage(color);
                m.setStringProperty("color", color);
                producer.send(m);
            }
        }
        MessageConsumer c = NativeConsumers.create(s, topic, name("NATIVE_S"), "color = 'blue'", ConsumeFrom.first());
        assertEquals(List.of("blue"), drain(c, 2, 3_000));
    }

    @Test
    void rejectsBadGroupsAndTemporaryDestinations() throws Exception {
        Session s = session();
        var topic = s.createTopic(name("NC_BAD"));
        assertThrows(InvalidDestinationException.class,
                () -> NativeConsumers.create(s, topic, "no spaces", null, ConsumeFrom.first()));
        assertThrows(InvalidDestinationException.class,
                () -> NativeConsumers.create(s, s.createTemporaryQueue(), "G", null, ConsumeFrom.first()));
    }

    @Test
    void parsesTheThreePositions() {
        assertEquals(ConsumeFrom.first(), ConsumeFrom.parse("FIRST"));
        assertEquals(ConsumeFrom.last(), ConsumeFrom.parse(" last "));
        assertEquals(ConsumeFrom.timestamp(1_700_000_000_000L), ConsumeFrom.parse("TIMESTAMP:1700000000000"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "BEGINNING", "TIMESTAMP", "TIMESTAMP:", "TIMESTAMP:-5", "TIMESTAMP:soon",
            "2024-01-01T00:00:00Z"})
    void rejectsOtherPositions(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConsumeFrom.parse(text));
        assertTrue(e.getMessage().contains("FIRST, LAST or TIMESTAMP:"), e.getMessage());
    }
}
