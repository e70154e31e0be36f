package dev.apogee.broker.admin.mqadmin;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;

import static dev.apogee.broker.admin.mqadmin.MqAdmin.find;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official mqadmin's store maintenance against our broker: deleteExpiredCommitLog deletes the commit-log files
 * past their reserved time at once (not waiting for the deleteWhen hour), cleanExpiredCQ the consume-queue files
 * that only point below the commit log's new start. Small files and no reserved time make the files expire at once.
 */
@Tag("slow")
class MqAdminStoreCommandsTest {
    private static final String TOPIC = "OpsExpiring";
    private static final int COMMIT_LOG_FILE = 64 * 1024;

    @TempDir
    static Path dir;
    static BrokerFixture fixture;
    static MqAdmin mqadmin;
    static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        // the deletion hour is half a day away and the disk ratio out of reach: only the commands delete
        int farHour = (ZonedDateTime.now().getHour() + 12) % 24;
        fixture = BrokerFixture.start(dir, config -> {
            config.setMappedFileSizeCommitLog(COMMIT_LOG_FILE);
            config.setMappedFileSizeConsumeQueue(20 * 16);
            config.setFileReservedTime(0);
            config.setDeleteWhen(String.valueOf(farHour));
            config.setDiskMaxUsedSpaceRatio(99);
        });
        mqadmin = new MqAdmin(fixture.namesrvAddress());
        producer = fixture.producer("pg-ops-store");
        producer.setSendMsgTimeout(15_000); // a loaded build machine: the first send creates the topic
        byte[] body = new byte[2048];
        MessageQueue queue = new MessageQueue(TOPIC, fixture.config().getBrokerName(), 0);
        for (int i = 0; i < 120; i++) { // about 4 commit-log files, 8 consume-queue files
            assertEquals(SendStatus.SEND_OK, producer.send(new Message(TOPIC, body), queue).getSendStatus());
        }
    }

    @AfterAll
    static void stop() throws Exception {
        producer.shutdown();
        fixture.close();
    }

    private long commitLogMinOffset() throws Exception {
        return Long.parseLong(find(mqadmin.ok("brokerStatus", "-b", fixture.brokerAddress()),
                "^commitLogMinOffset\\s*: (\\d+)$"));
    }

    @Test
    void expiredCommitLogAndConsumeQueueFilesAreDeletedOnRequest() throws Exception {
        assertEquals(0, commitLogMinOffset(), "nothing deleted before the command");
        // the files behind the flushed and dispatched end are the ones that may go
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            String out = mqadmin.ok("deleteExpiredCommitLog", "-b", fixture.brokerAddress());
            assertTrue(out.contains("success"), out);
            assertTrue(commitLogMinOffset() >= 2L * COMMIT_LOG_FILE, "at least two files deleted");
        });
        String cleaned = mqadmin.ok("cleanExpiredCQ", "-b", fixture.brokerAddress());
        assertTrue(cleaned.contains("success"), cleaned);
        String status = mqadmin.ok("topicStatus", "-t", TOPIC);
        String row = status.lines().filter(l -> l.startsWith(fixture.config().getBrokerName())).findFirst()
                .orElseThrow(() -> new AssertionError(status));
        long minOffset = Long.parseLong(row.trim().split("\\s+")[2]);
        assertTrue(minOffset > 0, "the queue starts after the deleted messages: " + row);
        assertEquals("120", row.trim().split("\\s+")[3], row);
    }
}
