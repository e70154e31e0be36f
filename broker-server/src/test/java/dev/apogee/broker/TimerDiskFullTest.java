package dev.apogee.broker;

import dev.apogee.broker.fixture.BrokerFixture;
import dev.apogee.store.disk.SmallTmpfs;
import dev.apogee.store.PutStatus;
import dev.apogee.remoting.protocol.ResponseCode;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A timer message that falls due while the disk is full: its delivery (a put of the real message) is refused with
 * DISK_FULL, the timer keeps it and retries, and once space is freed it is delivered, once. The broker's store is on a
 * 32 MiB tmpfs filled by another file (the ENOSPC path).
 */
@Tag("slow")
class TimerDiskFullTest {
    /** Long enough for the disk and the commit log's allocated room to be filled first, even on a loaded machine. */
    private static final long DUE_AFTER_MILLIS = 15_000;

    @TempDir
    Path dir;

    @Test
    void aTimerMessageDueDuringAFullDiskIsDeliveredOnceSpaceReturns() throws Exception {
        try (SmallTmpfs fs = SmallTmpfs.mount(dir, 32);
             BrokerFixture servers = BrokerFixture.start(fs.path(), c -> {
                 c.setMappedFileSizeCommitLog(4 << 20);
                 c.setMappedFileSizeConsumeQueue(60_000);
                 c.setMaxHashSlotNum(1_000);
                 c.setMaxIndexNum(4_000);
                 c.setDiskSpaceWarningLevelRatio(100);
                 c.setDiskMaxUsedSpaceRatio(100);
                 c.setCleanResourceInterval(200);
             })) {
            DefaultMQProducer producer = servers.producer("timer-full-pg");
            producer.setRetryTimesWhenSendFailed(0);
            long due = System.currentTimeMillis() + DUE_AFTER_MILLIS;
            Path filler;
            try {
                Message message = new Message("TimerFullTopic", "due-while-full".getBytes(StandardCharsets.UTF_8));
                message.setDeliverTimeMs(due);
                assertEquals(SendStatus.SEND_OK, producer.send(message).getSendStatus());
                // created before the disk is full (creating a topic writes topics.json)
                assertEquals(SendStatus.SEND_OK, producer.send(new Message("FillTopic",
                        "create".getBytes(StandardCharsets.UTF_8))).getSendStatus());
                filler = fs.fill("filler");
                // the commit log allocates ahead of its appends: use that up too, until the broker refuses
                boolean refusedOne = false;
                for (int i = 0; i < 20_000 && !refusedOne; i++) {
                    try {
                        producer.send(new Message("FillTopic", ("fill-" + i + "x".repeat(1_000))
                                .getBytes(StandardCharsets.UTF_8)));
                    } catch (MQClientException e) { // the official client's wrapper of the broker's answer
                        MQBrokerException answer = assertInstanceOf(MQBrokerException.class, e.getCause());
                        assertTrue(answer.getErrorMessage().startsWith(ResponseCode.DISK_FULL_REMARK), e.toString());
                        refusedOne = true;
                    }
                }
                assertTrue(refusedOne, "the broker never refused a send");
            } finally {
                producer.shutdown();
            }
            assertTrue(System.currentTimeMillis() < due, "the disk filled up only after the timer message was due");
            long refusedBefore = refused(servers);
            await("the due timer message's delivery is refused, then retried and refused again")
                    .atMost(Duration.ofSeconds(DUE_AFTER_MILLIS / 1000 + 30)).until(() -> refused(servers) >= refusedBefore + 2);

            Files.delete(filler);
            List<MessageExt> delivered = servers.readAll("TimerFullTopic", 1, Duration.ofSeconds(30));
            assertEquals(List.of("due-while-full"),
                    delivered.stream().map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).toList());
            // a second look: no duplicate arrived after the first read
            assertEquals(1, servers.readAll("TimerFullTopic", 2, Duration.ofSeconds(3)).size());
        }
    }

    private static long refused(BrokerFixture servers) {
        return servers.broker().store.stats().putResults().get(PutStatus.DISK_FULL);
    }
}
