package dev.apogee.standalone;

import dev.apogee.broker.config.BrokerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The web console in standalone mode: on by default on 127.0.0.1:8082, its port an option, or off. */
class StandaloneConsoleTest {
    @TempDir
    Path dir;

    @Test
    void onByDefaultOnLoopbackWithItsPortFromOptionOrEnvironment() throws Exception {
        BrokerConfig defaults = StandaloneOptions.parse(new String[0], Map.of()).brokerConfig(dir, "127.0.0.1:1");
        assertTrue(defaults.isConsoleEnable());
        assertEquals(8082, defaults.getConsolePort());
        assertEquals("127.0.0.1", defaults.getBindAddress());
        assertEquals(9090, StandaloneOptions.parse(new String[0], Map.of("APOGEE_CONSOLE_PORT", "9090"))
                .brokerConfig(dir, "127.0.0.1:1").getConsolePort());
        assertEquals(9091, StandaloneOptions.parse(new String[] {"--console-port", "9091"},
                Map.of("APOGEE_CONSOLE_PORT", "9090")).brokerConfig(dir, "127.0.0.1:1").getConsolePort());
        assertFalse(StandaloneOptions.parse(new String[] {"--no-console"}, Map.of()).brokerConfig(dir, "127.0.0.1:1")
                .isConsoleEnable());
        StandaloneOptions.UsageException bad = assertThrows(StandaloneOptions.UsageException.class,
                () -> StandaloneOptions.parse(new String[] {"--console-port", "70000"}, Map.of()));
        assertTrue(bad.getMessage().contains("consolePort") && bad.getMessage().contains("70000"), bad.getMessage());
    }

    @Test
    void theStartedServerServesItsConsole() throws Exception {
        Standalone server = Standalone.start(StandaloneOptions.parse(new String[] {"-p", "0", "-b", "0",
                "--console-port", "0", "-d", dir.resolve("data").toString()}, Map.of()));
        try {
            assertTrue(server.consolePort() > 0);
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + server.consolePort() + "/api/overview")).timeout(Duration.ofSeconds(20)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode(), page.body());
            assertTrue(page.body().contains("\"flushMode\":\"ASYNC_FLUSH\""), page.body());
        } finally {
            server.shutdown();
        }
        Standalone embedded = Standalone.start(new StandaloneOptions(dir.resolve("data"), 0, 0, null, null));
        try {
            assertEquals(-1, embedded.consolePort(), "embedded (the record's short form): no console");
        } finally {
            embedded.shutdown();
        }
    }
}
