package dev.apogee.anchor;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("slow")
@Tag("interop")
class ApacheRocketMqTest {
    @Test
    void startsKillsAndRestartsTheOfficialServers(@TempDir Path dir) throws Exception {
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
    }

    private static void connect(String address) throws Exception {
        String[] hostPort = address.split(":");
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])), 2000);
        }
    }
}
