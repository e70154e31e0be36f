package dev.apogee.broker.pop;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.PopResult;
import org.apache.rocketmq.client.consumer.PopStatus;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Apogee extension: a pop with a JMS selector (expression type JMS) leaves the messages it does not select to
 * the group's other consumers, and its cost is bounded by its own scan cursor, not by rescans of the backlog.
 */
class PopJmsSelectorTest {
    @TempDir
    static Path dir;
    static BrokerFixture fixture;
    static DefaultMQAdminExt admin;
    static DefaultMQProducer producer;
    static OfficialPopClient client;

    @BeforeAll
    static void start() throws Exception {
        fixture = BrokerFixture.start(dir, config -> { });
        admin = PopFixture.admin(fixture);
        producer = fixture.producer("pop-sel-producer");
        client = new OfficialPopClient(fixture.namesrvAddress(), fixture.config().getBrokerName(),
                fixture.brokerAddress());
    }

    @AfterAll
    static void stop() throws Exception {
        client.close();
        producer.shutdown();
        admin.shutdown();
        fixture.close();
    }

    /** Sends {@code count} messages to queue 0 in batches; every {@code every}-th has color 'red', the rest 'blue'. */
    static Set<String> send(String topic, int count, int every) throws Exception {
        Set<String> red = new HashSet<>();
        List<Message> batch = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Message m = new Message(topic, "t", ("m" + i).getBytes(StandardCharsets.UTF_8));
            m.putUserProperty("color", i % every == 0 ? "red" : "blue");
            m.putUserProperty("n", String.valueOf(i));
            batch.add(m);
            if (batch.size() == 200 || i == count - 1) {
                var r = producer.send(batch, new org.apache.rocketmq.common.message.MessageQueue(topic,
                        fixture.config().getBrokerName(), 0), 10_000);
                assertEquals(SendStatus.SEND_OK, r.getSendStatus());
                batch.clear();
            }
            if (i % every == 0) {
                red.add(String.valueOf(i));
            }
        }
        return red;
    }

    /** Pops (and acks) with the selector until a pop finds nothing; returns the "n" property of each message. */
    static List<String> drain(String group, String topic, String expType, String exp) throws Exception {
        List<String> got = new ArrayList<>();
        while (true) {
            // the first pop long-polls: a send returns before the consume queue is dispatched (a loaded CI popped an
            // empty queue)
            PopResult r = client.pop(group, topic, 0, 32, 60_000, got.isEmpty() ? 5_000 : 0, expType, exp);
            if (r.getPopStatus() != PopStatus.FOUND) {
                return got;
            }
            List<String> handles = new ArrayList<>();
            for (MessageExt m : r.getMsgFoundList()) {
                got.add(m.getUserProperty("n"));
                handles.add(m.getProperty("POP_CK"));
            }
            assertTrue(OfficialPopClient.ok(client.batchAck(group, topic, handles)));
        }
    }

    @Test
    void complementarySelectorsInOneGroupBothGetTheirMessages() throws Exception {
        String topic = "SelTopic";
        String group = "cg-sel";
        PopFixture.popGroup(admin, fixture, topic, 1, group, 16);
        Set<String> red = send(topic, 300, 3);
        List<String> reds = drain(group, topic, "JMS", "color = 'red'");
        List<String> blues = drain(group, topic, "JMS", "color = 'blue'");
        assertEquals(red, new HashSet<>(reds));
        assertEquals(reds.size(), new HashSet<>(reds).size());
        assertEquals(300 - red.size(), new HashSet<>(blues).size());
        assertEquals(blues.size(), new HashSet<>(blues).size());
        assertTrue(blues.stream().noneMatch(red::contains));
        assertEquals(List.of(), drain(group, topic, "TAG", "*"), "everything was taken");
    }

    @Test
    void whatASelectorLeavesIsTakenByAConsumerWithoutSelector() throws Exception {
        String topic = "SelLeft";
        String group = "cg-sel-left";
        PopFixture.popGroup(admin, fixture, topic, 1, group, 16);
        Set<String> red = send(topic, 100, 10);
        assertEquals(red, new HashSet<>(drain(group, topic, "JMS", "color = 'red'")));
        List<String> rest = drain(group, topic, "TAG", "*");
        assertEquals(90, rest.size());
        assertEquals(90, new HashSet<>(rest).size());
        assertTrue(rest.stream().noneMatch(red::contains), "acked by the selector consumer: not handed out again");
        assertEquals(PopStatus.POLLING_NOT_FOUND,
                client.pop(group, topic, 0, 32, 60_000, 0, "TAG", "*").getPopStatus());
    }

    /** A long-polling selective pop looks through a backlog longer than one scan instead of waiting there. */
    @Test
    void aLongPollingSelectivePopLooksThroughABacklogLongerThanOneScan() throws Exception {
        String topic = "SelDeep";
        String group = "cg-sel-deep";
        PopFixture.popGroup(admin, fixture, topic, 1, group, 16);
        send(topic, 3 * PopScanner.SCAN_LIMIT, 3 * PopScanner.SCAN_LIMIT - 1); // 'red': the first and the last
        PopResult r = client.pop(group, topic, 0, 32, 60_000, 10_000, "JMS", "n = '" + (3 * PopScanner.SCAN_LIMIT
                - 1) + "'");
        assertEquals(PopStatus.FOUND, r.getPopStatus());
        assertEquals(String.valueOf(3 * PopScanner.SCAN_LIMIT - 1), r.getMsgFoundList().get(0).getUserProperty("n"));
    }

    /**
     * A selector that picks 1 % of a 20,000-message backlog examines each message once, a repeated pop of it that
     * finds nothing new examines nothing, and the group's consumer without selector then examines only what it
     * takes: the two together examine about twice the backlog, never a rescan per pop.
     */
    @Test
    void aRareSelectorDoesNotMakeTheGroupRescanTheBacklog() throws Exception {
        String topic = "SelBound";
        String group = "cg-sel-bound";
        int backlog = 20_000;
        PopFixture.popGroup(admin, fixture, topic, 1, group, 16);
        Set<String> red = send(topic, backlog, 100);
        long before = fixture.broker().pops().examined();
        assertEquals(red, new HashSet<>(drain(group, topic, "JMS", "color = 'red'")));
        long bySelector = fixture.broker().pops().examined() - before;
        assertTrue(bySelector >= backlog && bySelector <= backlog + 64, "selector examined " + bySelector);

        long idle = fixture.broker().pops().examined();
        for (int i = 0; i < 5; i++) {
            assertEquals(PopStatus.POLLING_NOT_FOUND,
                    client.pop(group, topic, 0, 32, 60_000, 0, "JMS", "color = 'red'").getPopStatus());
        }
        assertEquals(idle, fixture.broker().pops().examined(), "a selector pop with nothing new examines nothing");

        long beforeOthers = fixture.broker().pops().examined();
        List<String> rest = drain(group, topic, "TAG", "*");
        assertEquals(backlog - red.size(), rest.size());
        long byOthers = fixture.broker().pops().examined() - beforeOthers;
        assertTrue(byOthers <= backlog - red.size() + 64, "the consumer without selector examined " + byOthers);
    }
}
