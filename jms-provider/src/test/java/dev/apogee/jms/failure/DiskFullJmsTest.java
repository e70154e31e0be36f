package dev.apogee.jms.failure;

import dev.apogee.client.MQBrokerException;
import dev.apogee.jms.api.JmsBroker;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.store.disk.SmallTmpfs;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.ResourceAllocationException;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JMS producer against our broker whose store is on a full 32 MiB tmpfs (filled by another file, so the broker
 * meets ENOSPC): the refused send is a {@link ResourceAllocationException} with {@link ErrorCode#BROKER_DISK_FULL},
 * linked to the native client's {@link MQBrokerException} that says {@code isDiskFull()}; once the filler is deleted
 * sends succeed again on the same connection, and every message whose send returned is received intact, once.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DiskFullJmsTest {
    private static final String PAYLOAD = "z".repeat(1_000);

    @TempDir
    Path dir;

    @Test
    void aRefusedSendIsAResourceAllocationExceptionAndSendingResumes() throws Exception {
        try (SmallTmpfs fs = SmallTmpfs.mount(dir, 32);
             JmsBroker broker = JmsBroker.start(c -> {
                 c.setStorePathRootDir(fs.path().resolve("store").toString());
                 c.setMappedFileSizeCommitLog(4 << 20);
                 c.setMappedFileSizeConsumeQueue(60_000);
                 c.setMaxHashSlotNum(1_000);
                 c.setMaxIndexNum(4_000);
                 c.setDiskSpaceWarningLevelRatio(100); // the ENOSPC path, not the ratio
                 c.setDiskMaxUsedSpaceRatio(100); // and no forced deletion of unconsumed messages
                 c.setCleanResourceInterval(200);
             })) {
            Connection connection = broker.factory().createConnection();
            try {
                connection.start();
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                Queue queue = session.createQueue("DiskFullQueue");
                MessageProducer producer = session.createProducer(queue);
                List<String> sent = new ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    producer.send(session.createTextMessage("before-" + i + ":" + PAYLOAD));
                    sent.add("before-" + i);
                }
                Path filler = fs.fill("filler");
                JMSException refused = null;
                for (int i = 0; i < 40_000 && refused == null; i++) {
                    try {
                        producer.send(session.createTextMessage("full-" + i + ":" + PAYLOAD));
                        sent.add("full-" + i);
                    } catch (JMSException e) {
                        refused = e;
                    }
                }
                assertNotNull(refused, "the broker never refused a send");
                assertInstanceOf(ResourceAllocationException.class, refused, refused.toString());
                assertEquals(ErrorCode.BROKER_DISK_FULL.code(), refused.getErrorCode());
                assertTrue(refused.getMessage().contains("disk is full"), refused.getMessage());
                MQBrokerException cause = assertInstanceOf(MQBrokerException.class, refused.getLinkedException());
                assertTrue(cause.isDiskFull(), "the native client's view: " + cause);

                Files.delete(filler);
                await("sends resume").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                        .ignoreExceptions().until(() -> {
                            producer.send(session.createTextMessage("after:" + PAYLOAD));
                            return true;
                        });
                sent.add("after");

                MessageConsumer consumer = session.createConsumer(queue);
                List<String> received = new ArrayList<>();
                for (int i = 0; i < sent.size() + 1_000 && received.size() < sent.size(); i++) {
                    TextMessage m = (TextMessage) consumer.receive(10_000);
                    if (m == null) {
                        break;
                    }
                    String text = m.getText();
                    assertTrue(text.endsWith(":" + PAYLOAD), "intact: " + text);
                    received.add(text.substring(0, text.indexOf(':')));
                }
                // a JMS queue spreads over the topic's queues: order is kept per queue, so compare as sets
                Set<String> missing = new HashSet<>(sent);
                missing.removeAll(received);
                assertTrue(missing.isEmpty(), missing.size() + " sent messages never received, e.g. "
                        + missing.stream().limit(5).toList());
                assertEquals(sent.size(), received.size(), "nothing received twice or unsent");
            } finally {
                connection.close();
            }
        }
    }
}
