package dev.apogee.standalone;

import dev.apogee.remoting.netty.RemotingBindException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The standalone server serves one {@code /metrics} for its name server and broker, on by default; its default port
 * being taken does not stop a development server, a port chosen in the {@code -c} file does.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class StandaloneMetricsTest {
    @TempDir
    Path dir;

    @Test
    void oneEndpointServesBothServers() throws Exception {
        int port = freePort();
        Path conf = Files.writeString(dir.resolve("extra.conf"),
                "metricsPort=" + port + "\nmappedFileSizeCommitLog=4194304\n");
        Standalone server = Standalone.start(options("-c", conf.toString()));
        try {
            assertEquals(port, server.metricsPort());
            HttpResponse<String> scrape = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
                    .send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                            .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, scrape.statusCode());
            assertTrue(scrape.body().contains("apogee_namesrv_live_brokers{node_type=\"nameserver\"}"),
                    scrape.body());
            assertTrue(scrape.body().contains("apogee_store_commitlog_bytes{cluster=\"DefaultCluster\""),
                    scrape.body());
            assertTrue(scrape.body().contains("request_code=\"register_broker\""), "the broker registered");
        } finally {
            server.shutdown();
        }
        assertThrows(IOException.class, () -> connect(port), "shutdown closes the endpoint");
    }

    @Test
    void aTakenDefaultPortLeavesTheServerRunningWithoutMetrics() throws Exception {
        Path conf = Files.writeString(dir.resolve("small.conf"), "mappedFileSizeCommitLog=4194304\n");
        try (ServerSocket holder = holdDefaultPort()) {
            Standalone server = Standalone.start(options("-c", conf.toString()));
            try {
                assertEquals(-1, server.metricsPort());
                assertTrue(server.brokerPort() > 0);
            } finally {
                server.shutdown();
            }
        }
    }

    @Test
    void aTakenPortChosenInTheConfFileRefusesTheStart() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(StandaloneOptions.HOST))) {
            Path conf = Files.writeString(dir.resolve("taken.conf"), "metricsPort=" + taken.getLocalPort() + "\n");
            RemotingBindException refused = assertThrows(RemotingBindException.class,
                    () -> Standalone.start(options("-c", conf.toString())));
            assertTrue(refused.getMessage().contains("metrics port " + taken.getLocalPort()), refused.getMessage());
        }
    }

    private StandaloneOptions options(String... extra) {
        String[] args = new String[6 + extra.length];
        System.arraycopy(new String[] {"-p", "0", "-b", "0", "-d", dir.resolve("data").toString()}, 0, args, 0, 6);
        System.arraycopy(extra, 0, args, 6, extra.length);
        return StandaloneOptions.parse(args, Map.of());
    }

    /** Takes 5557 on the loopback address, or null when something else holds it already (taken either way). */
    private static ServerSocket holdDefaultPort() {
        try {
            return new ServerSocket(5557, 1, InetAddress.getByName(StandaloneOptions.HOST));
        } catch (IOException e) {
            return null;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void connect(int port) throws IOException {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2_000);
        }
    }
}
