package dev.apogee.standalone.admin;

import dev.apogee.jms.api.ApogeeConnectionFactory;
import jakarta.jms.Connection;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bin/apogee-admin} as an operator runs it: a child process (on this JVM's test classpath, {@code
 * APOGEE_CLASSPATH}) against our broker in this JVM, with a JMS queue made by our provider.
 */
@Tag("slow")
class ApogeeAdminScriptTest {
    private static final long SCRIPT_TIMEOUT_SECONDS = 60;

    @TempDir
    Path dir;

    @Test
    void scriptListsQueuesHelpsAndRefusesBadCommandsInOneLine() throws Exception {
        try (AdminServer server = new AdminServer(dir)) {
            ApogeeConnectionFactory factory = new ApogeeConnectionFactory();
            factory.setNamesrvAddress(server.namesrv());
            try (Connection connection = factory.createConnection()) {
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                Queue queue = session.createQueue("invoices/2026");
                MessageProducer producer = session.createProducer(queue);
                producer.send(session.createTextMessage("invoice 1"));
                connection.start();
                // the queue's consumer group exists from the consumer's first pop on
                assertTrue(session.createConsumer(queue).receive(30_000) != null, "the queue delivers");
                AtomicReference<AdminServer.Run> run = new AtomicReference<>();
                await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                    run.set(script("queues", "-n", server.namesrv()));
                    assertEquals(0, run.get().exitCode(), run.get().toString());
                    assertTrue(run.get().row("invoices/2026").isPresent(), run.get().toString());
                });
                assertEquals("invoices|2F2026", run.get().row("invoices/2026").orElseThrow()[1]);
            }
        }
        AdminServer.Run help = script("--help");
        assertEquals(0, help.exitCode(), help.toString());
        assertTrue(help.out().contains("store-check"), help.toString());

        AdminServer.Run bad = script("frobnicate");
        assertEquals(2, bad.exitCode(), bad.toString());
        assertEquals(List.of("apogee-admin: unknown command 'frobnicate' (commands: queues, subscriptions, dlq-list,"
                + " dlq-resend, store-check, help) (apogee-admin --help lists commands and options)"),
                bad.err().lines().toList());
        assertFalse(bad.out().contains("Exception"), bad.toString());
    }

    private AdminServer.Run script(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(repositoryRoot().resolve("bin/apogee-admin").toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "admin", ".out");
        Path err = Files.createTempFile(dir, "admin", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        Map<String, String> env = builder.environment();
        env.put("APOGEE_CLASSPATH", System.getProperty("java.class.path"));
        env.put("JAVA_OPT", "-Xms32m -Xmx128m -XX:+UseSerialGC");
        env.remove("APOGEE_HOME");
        env.remove("NAMESRV_ADDR");
        Process process = builder.start();
        if (!process.waitFor(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("bin/apogee-admin did not finish in " + SCRIPT_TIMEOUT_SECONDS + " s: "
                    + Files.readString(out) + Files.readString(err));
        }
        return new AdminServer.Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static Path repositoryRoot() {
        Path candidate = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path p = candidate; p != null; p = p.getParent()) {
            if (Files.isExecutable(p.resolve("bin/apogee-admin"))) {
                return p;
            }
        }
        throw new IllegalStateException("bin/apogee-admin not found above " + candidate);
    }
}
