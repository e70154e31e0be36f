package dev.apogee.namesrv;

import dev.apogee.namesrv.config.NamesrvConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The name server's {@code /metrics}: live brokers, topics and RPC latency move with a broker's registration. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NamesrvMetricsTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void registrationShowsInTheScrape(@TempDir Path dir) throws Exception {
        int port = freePort();
        NameServer namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("kv.json")).setMetricsEnable(true).setMetricsPort(port)).start();
        try (FakeBroker broker = new FakeBroker(namesrv.localAddress(), "broker-m", "127.0.0.1:10999", 0)) {
            assertEquals(port, namesrv.metricsPort());
            String before = scrape(port);
            assertEquals(0, value(before, "apogee_namesrv_live_brokers"), before);

            RemotingCommand answer = broker.topic("MetricsT1", 4, 6).topic("MetricsT2", 4, 6).register();
            assertEquals(ResponseCode.SUCCESS, answer.getCode(), answer.getRemark());

            String after = scrape(port);
            assertEquals(1, value(after, "apogee_namesrv_live_brokers"), after);
            assertTrue(value(after, "apogee_namesrv_topics") >= 2, after);
            assertEquals(1, value(after, "rocketmq_rpc_latency_count\\{[^}]*request_code=\"register_broker\""
                    + "[^}]*response_code=\"success\"[^}]*\\}"), after);
            assertTrue(after.contains("node_type=\"nameserver\""), after);
            assertTrue(after.contains("jvm_threads_current"), "JVM metrics are served");
        } finally {
            namesrv.shutdown();
        }
        assertThrows(ConnectException.class, () -> connect(port), "shutdown closes the metrics port");
    }

    @Test
    void disabledByDefault(@TempDir Path dir) throws Exception {
        NameServer namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("kv.json"))).start();
        try {
            assertEquals(-1, namesrv.metricsPort());
        } finally {
            namesrv.shutdown();
        }
    }

    private static String scrape(int port) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/metrics")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        return response.body();
    }

    /** The value of the one sample whose name (and labels) match {@code sample} (a regex); NaN when none. */
    private static double value(String text, String sample) {
        Matcher m = Pattern.compile("(?m)^" + sample + "(?:\\{[^}]*})? (\\S+)$").matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void connect(int port) throws Exception {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2_000);
        }
    }
}
