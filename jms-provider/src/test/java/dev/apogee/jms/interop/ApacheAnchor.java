package dev.apogee.jms.interop;

import dev.apogee.anchor.ApacheRocketMq;
import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.awaitility.Awaitility.await;

/** The official name server and one broker for the suites that run our provider against Apache RocketMQ. */
public final class ApacheAnchor {
    private ApacheAnchor() {
    }

    /**
     * Starts a name server and {@code broker-a} (ASYNC_FLUSH) with their files under {@code target/}, and returns
     * once the name server lists the broker as a master. The broker logs "boot success" before its first
     * registration, and on a loaded 2-core box the two can be seconds apart: a test that creates a topic in between
     * fails with "no master broker registered".
     */
    public static ApacheRocketMq start(String dirPrefix) throws Exception {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), dirPrefix);
        ApacheRocketMq rmq = ApacheRocketMq.start(dir, "ASYNC_FLUSH");
        try (AdminClient admin = new AdminClient(new ClientConfig().setNamesrvAddress(rmq.namesrvAddress())
                .setInstanceName(dirPrefix + "-ready").setRpcTimeoutMillis(10_000))) {
            admin.start();
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                    .until(() -> admin.clusterInfo().getBrokerAddrTable().values().stream()
                            .anyMatch(broker -> broker.masterAddr() != null));
            return rmq;
        } catch (Exception | Error e) {
            rmq.close();
            throw e;
        }
    }
}
