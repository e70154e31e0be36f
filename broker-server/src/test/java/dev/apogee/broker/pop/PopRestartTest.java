package dev.apogee.broker.pop;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.AckStatus;
import org.apache.rocketmq.client.consumer.PopResult;
import org.apache.rocketmq.client.consumer.PopStatus;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The POP state survives a clean restart of the broker: acked messages do not come back, messages in flight stay
 * invisible until their deadline and then come back with reconsumeTimes + 1. With and without the snapshot (the
 * second case replays the whole journal).
 */
class PopRestartTest {
    @TempDir
    Path dir;
    BrokerFixture fixture;

    @AfterEach
    void stop() throws Exception {
        fixture.close();
    }

    @Test
    void acksAndLeasesSurviveACleanRestart() throws Exception {
        restartKeeps(false);
    }

    @Test
    void acksAndLeasesSurviveARestartWithoutSnapshot() throws Exception {
        restartKeeps(true);
    }

    private void restartKeeps(boolean deleteSnapshot) throws Exception {
        fixture = BrokerFixture.start(dir, config -> config.setFlushDiskType("SYNC_FLUSH"));
        String topic = "PopRestart";
        String group = "cg-pop-restart";
        DefaultMQAdminExt admin = PopFixture.admin(fixture.namesrvAddress());
        PopFixture.popGroup(admin, fixture.brokerAddress(), topic, 2, group, 16);
        admin.shutdown();
        DefaultMQProducer producer = fixture.producer("pop-restart-producer");
        for (int i = 0; i < 10; i++) {
            producer.send(new Message(topic, "t", ("m" + i).getBytes(StandardCharsets.UTF_8)), 5_000);
        }
        producer.shutdown();
        Set<String> acked = new HashSet<>();
        Set<String> inFlight = new HashSet<>();
        try (OfficialPopClient client = client()) {
            List<MessageExt> popped = popAll(client, group, topic, 10, 3_000);
            assertEquals(10, popped.size());
            for (int i = 0; i < popped.size(); i++) {
                MessageExt m = popped.get(i);
                if (i % 2 == 0) {
                    assertEquals(AckStatus.OK, client.ack(group, m));
                    acked.add(m.getMsgId());
                } else {
                    inFlight.add(m.getMsgId());
                }
            }
        }
        fixture.stopBroker();
        if (deleteSnapshot) {
            java.nio.file.Files.deleteIfExists(fixture.config().configDir().resolve("popState.snapshot"));
        }
        fixture.startBroker();
        try (OfficialPopClient client = client()) {
            List<MessageExt> back = popAll(client, group, topic, inFlight.size(), 60_000);
            Set<String> ids = new HashSet<>();
            for (MessageExt m : back) {
                assertEquals(1, m.getReconsumeTimes(), "redelivered once");
                assertTrue(ids.add(m.getMsgId()));
                assertEquals(AckStatus.OK, client.ack(group, m));
            }
            assertEquals(inFlight, ids);
            assertEquals(PopStatus.POLLING_NOT_FOUND, client.pop(group, topic, 32, 60_000).getPopStatus());
        }
    }

    private OfficialPopClient client() throws Exception {
        return new OfficialPopClient(fixture.namesrvAddress(), fixture.config().getBrokerName(),
                fixture.brokerAddress());
    }

    static List<MessageExt> popAll(OfficialPopClient client, String group, String topic, int expected,
            long invisible) throws Exception {
        List<MessageExt> got = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (got.size() < expected && System.nanoTime() < deadline) {
            PopResult r = client.pop(group, topic, -1, 32, invisible, 500, "TAG", "*");
            if (r.getPopStatus() == PopStatus.FOUND) {
                got.addAll(r.getMsgFoundList());
            }
        }
        return got;
    }
}
