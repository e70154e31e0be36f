package dev.apogee.broker.acceptance;

import dev.apogee.store.powercut.PowerCutFs;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Fail-stop: the power-cut filesystem fails one fsync with EIO (and drops what it covered, as Linux does). The broker
 * must refuse that send and every later one with SERVICE_NOT_AVAILABLE and a STORE-FSYNC-FAILED message, log an ERROR,
 * report {@code storeWritable=false} in its runtime info, and never acknowledge anything it could not make durable:
 * after a power cut every acknowledged message is there.
 */
@Tag("slow")
@Timeout(300)
class FsyncFailStopTest {
    @TempDir
    Path dir;

    @Test
    void aFailedFsyncStopsWritesAndNothingAcknowledgedIsLost() throws Exception {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "fail-stop suite skipped: " + PowerCutFs.unavailableReason().orElseThrow());
        try (PowerCutRig rig = new PowerCutRig(dir, "SYNC_FLUSH")) {
            rig.startBroker();
            DefaultMQProducer producer = rig.producer();
            DefaultMQAdminExt admin = startAdmin(rig);
            try {
                OfficialClients.createTopic(producer, rig.topic());
                for (int i = 0; i < 20; i++) {
                    String body = PowerCutRig.body("before-" + i);
                    assertEquals(SendStatus.SEND_OK, producer.send(message(rig, body)).getSendStatus());
                    rig.acknowledged().put(body, System.nanoTime());
                }
                assertEquals("true", runtime(admin, rig).get("storeWritable"));

                rig.fs().failNextFsync();
                AtomicReference<MQBrokerException> refused = new AtomicReference<>();
                int[] sent = {0};
                await("a send refused after the injected EIO").atMost(Duration.ofSeconds(60)).until(() -> {
                    String body = PowerCutRig.body("after-" + sent[0]++);
                    try {
                        if (producer.send(message(rig, body)).getSendStatus() == SendStatus.SEND_OK) {
                            rig.acknowledged().put(body, System.nanoTime());
                        }
                        return false;
                    } catch (Exception e) {
                        refused.set(brokerRefusal(e)); // other failures (a timeout) fail the test here
                        return true;
                    }
                });
                assertEquals(ResponseCode.SERVICE_NOT_AVAILABLE, refused.get().getResponseCode());
                assertTrue(refused.get().getErrorMessage().contains("STORE-FSYNC-FAILED"), refused.get().toString());
                for (int i = 0; i < 5; i++) {
                    Exception again = assertThrows(Exception.class,
                            () -> producer.send(message(rig, PowerCutRig.body("refused"))), "writes stay stopped");
                    assertEquals(ResponseCode.SERVICE_NOT_AVAILABLE, brokerRefusal(again).getResponseCode());
                }
                Map<String, String> status = runtime(admin, rig);
                assertEquals("false", status.get("storeWritable"));
                assertTrue(status.get("storeFsyncFailure").contains("STORE-FSYNC-FAILED"), status.toString());
                assertTrue(rig.fs().log().contains("injected EIO"), rig.fs().log());
                assertTrue(logs(dir).contains("ERROR") && logs(dir).contains("STORE-FSYNC-FAILED"),
                        "no ERROR log of the failed fsync");
            } finally {
                admin.shutdown();
                producer.shutdown();
            }
            rig.killBroker();
            rig.fs().powerCut(0);
            rig.startBroker();
            Map<String, Integer> stored = rig.readStored();
            assertTrue(stored.keySet().containsAll(rig.acknowledged().keySet()),
                    "acknowledged messages lost after the failed fsync: " + rig.acknowledged().keySet().stream()
                            .filter(b -> !stored.containsKey(b)).toList());
            System.out.printf("fail-stop: %d sends acknowledged (%d after the EIO was armed), all stored after a power"
                    + " cut%n", rig.acknowledged().size(),
                    rig.acknowledged().keySet().stream().filter(b -> b.startsWith("after-")).count());
        }
    }

    /**
     * The same for a broker config file: the EIO armed on an idle broker is taken by the next fsync, a config write
     * (the topic created here, or the periodic consumer-offset / timer-progress write), and the store stops writes.
     */
    @Test
    void aFailedFsyncOfAConfigFileStopsWrites() throws Exception {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "fail-stop suite skipped: " + PowerCutFs.unavailableReason().orElseThrow());
        try (PowerCutRig rig = new PowerCutRig(dir, "SYNC_FLUSH")) {
            rig.startBroker();
            DefaultMQProducer producer = rig.producer();
            DefaultMQAdminExt admin = startAdmin(rig);
            try {
                OfficialClients.createTopic(producer, rig.topic());
                assertEquals(SendStatus.SEND_OK, producer.send(message(rig, PowerCutRig.body("first"))).getSendStatus());
                Thread.sleep(2_000); // the consume-queue flush and checkpoint of that send are done: the store is idle

                rig.fs().failNextFsync();
                try { // auto-creates the topic: a write of topics.json
                    producer.send(new Message(OfficialClients.unique("AfterEio"), OfficialClients.bytes("x")));
                } catch (Exception e) {
                    // refused: what this test expects, asserted below
                }
                await("the failed config fsync stops writes").atMost(Duration.ofSeconds(30))
                        .until(() -> "false".equals(runtime(admin, rig).get("storeWritable")));
                String failure = runtime(admin, rig).get("storeFsyncFailure");
                assertTrue(failure.contains("STORE-FSYNC-FAILED") && failure.contains(".json"),
                        "a config file's fsync: " + failure);
                Exception refused = assertThrows(Exception.class,
                        () -> producer.send(message(rig, PowerCutRig.body("refused"))), "writes stopped");
                assertEquals(ResponseCode.SERVICE_NOT_AVAILABLE, brokerRefusal(refused).getResponseCode());
            } finally {
                admin.shutdown();
                producer.shutdown();
            }
        }
    }

    /** The broker's answer: the 5.3.3 producer wraps it in an MQClientException once its retries are spent. */
    private static MQBrokerException brokerRefusal(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof MQBrokerException refusal) {
                return refusal;
            }
        }
        throw new AssertionError("the send failed without a broker refusal", e);
    }

    /** The official admin, to read the broker's runtime info ({@code storeWritable}, {@code storeFsyncFailure}). */
    private static DefaultMQAdminExt startAdmin(PowerCutRig rig) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(rig.namesrvAddress());
        admin.setInstanceName(OfficialClients.unique("admin"));
        admin.start();
        return admin;
    }

    private static Message message(PowerCutRig rig, String body) {
        return new Message(rig.topic(), body.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, String> runtime(DefaultMQAdminExt admin, PowerCutRig rig) throws Exception {
        KVTable table = admin.fetchBrokerRuntimeStats(rig.brokerAddress());
        return table.getTable();
    }

    private static String logs(Path dir) throws Exception {
        StringBuilder all = new StringBuilder();
        try (var files = Files.walk(dir.resolve("logs"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                all.append(Files.readString(f));
            }
        }
        try (var outs = Files.list(dir)) {
            for (Path f : outs.filter(p -> p.getFileName().toString().endsWith(".out")).toList()) {
                all.append(Files.readString(f));
            }
        }
        return all.toString();
    }
}
