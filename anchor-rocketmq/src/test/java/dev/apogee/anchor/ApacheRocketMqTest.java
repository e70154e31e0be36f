package dev.apogee.anchor;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("slow")
@Tag("interop")
class ApacheRocketMqTest {
    @Test
    void startsKillsAndRestartsTheOfficialServers(@TempDir Path dir) throws Exception {
        Path systemTmp = Paths.get(System.getProperty("java.io.tmpdir"));
        Set<Path> before = tlsLeftovers(systemTmp);
        try (ApacheRocketMq rmq = ApacheRocketMq.start(dir, "ASYNC_FLUSH")) {
            assertDoesNotThrow(() -> connect(rmq.namesrvAddress()));
            assertDoesNotThrow(() -> connect(rmq.brokerAddress()));
            ApacheRocketMq.Broker broker = rmq.broker("broker-a");
            broker.process().kill();
            assertFalse(broker.process().isAlive());
            rmq.restartBroker("broker-a");
            assertTrue(broker.process().isAlive());
            assertDoesNotThrow(() -> connect(rmq.brokerAddress()));
        }
        // Temporary files stay in the run directory.
        Set<Path> added = tlsLeftovers(systemTmp);
        added.removeAll(before);
        assertEquals(Set.of(), added, "certificate files written to the shared temp dir");
        assertFalse(tlsLeftovers(dir.resolve("broker-a-home/tmp")).isEmpty(),
                "the broker's self-signed certificate should be under its home (Apache's PERMISSIVE TLS default)");
    }

    /** Apache's remoting server writes a self-signed certificate + key (Netty's keyutil_*) at each start. */
    private static Set<Path> tlsLeftovers(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith("keyutil_"))
                    .collect(Collectors.toCollection(HashSet::new));
        }
    }

    private static void connect(String address) throws Exception {
        String[] hostPort = address.split(":");
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])), 2000);
        }
    }
}
