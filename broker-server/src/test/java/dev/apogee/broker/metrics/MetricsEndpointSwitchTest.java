package dev.apogee.broker.metrics;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.config.ConfigLoader;
import dev.apogee.broker.fixture.BrokerFixture;
import dev.apogee.remoting.netty.RemotingBindException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The endpoint's switches: off means no port open, a taken port refuses the start, bad values name the key. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MetricsEndpointSwitchTest {
    @Test
    void disabledBrokerOpensNoMetricsPort(@TempDir Path dir) throws Exception {
        int port = BrokerMetricsEndpointTest.freePort();
        try (BrokerFixture servers = BrokerFixture.start(dir, config -> {
            config.setMetricsEnable(false);
            config.setMetricsPort(port);
        })) {
            assertEquals(-1, servers.broker().metricsPort());
            assertThrows(ConnectException.class, () -> connect(port));
        }
    }

    @Test
    void portZeroServesNothingEvenWhenEnabled(@TempDir Path dir) throws Exception {
        try (BrokerFixture servers = BrokerFixture.start(dir, config -> {
            config.setMetricsEnable(true);
            config.setMetricsPort(0);
        })) {
            assertEquals(-1, servers.broker().metricsPort());
        }
    }

    @Test
    void takenMetricsPortRefusesTheStartWithAClearMessage(@TempDir Path dir) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            BrokerConfig config = new BrokerConfig();
            config.setListenPort(0);
            config.setBindAddress("127.0.0.1");
            config.setStorePathRootDir(dir.resolve("store").toString());
            config.setMappedFileSizeCommitLog(4 * 1024 * 1024);
            config.setMetricsEnable(true);
            config.setMetricsPort(taken.getLocalPort());
            Broker broker = new Broker(config);
            RemotingBindException refused = assertThrows(RemotingBindException.class, broker::start);
            broker.shutdown();
            assertTrue(refused.getMessage().contains("metrics port " + taken.getLocalPort() + " is already in use"),
                    refused.getMessage());
            assertTrue(refused.getMessage().contains("metricsPort"), refused.getMessage());
        }
    }

    @Test
    void outOfRangePortIsAConfigurationErrorNamingTheKey() {
        Properties properties = new Properties();
        properties.setProperty("metricsPort", "70000");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConfigLoader.apply(properties, new BrokerConfig()));
        assertTrue(e.getMessage().contains("metricsPort") && e.getMessage().contains("70000"), e.getMessage());
    }

    private static void connect(int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2_000);
        }
    }
}
