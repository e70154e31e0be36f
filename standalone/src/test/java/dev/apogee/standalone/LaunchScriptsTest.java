package dev.apogee.standalone;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the real launch scripts: {@code bin/apogee-standalone --daemon} on free ports with a temporary data directory,
 * {@code bin/apogee-demo} against it, a second start on the same ports (must fail with the port message), then
 * {@code bin/mqshutdown standalone}. The scripts run this JVM's test classpath ({@code APOGEE_CLASSPATH}), so the
 * test sees the freshly compiled classes rather than whatever jars the last {@code package} left behind.
 */
@Tag("slow")
class LaunchScriptsTest {
    private static final long SCRIPT_TIMEOUT_SECONDS = 120;

    @TempDir
    Path dir;

    private Path home;
    private Path logs;

    /** The result of one script run: exit code and combined stdout + stderr. */
    record Run(int exitCode, String output) {
    }

    @AfterEach
    void killLeftover() throws IOException {
        // only if an assertion failed before mqshutdown: the pid file names the one process this test started
        Path pidFile = logs == null ? null : logs.resolve("standalone.pid");
        if (pidFile != null && Files.exists(pidFile)) {
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            Optional<ProcessHandle> process = ProcessHandle.of(pid);
            process.ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void daemonStartDemoSecondStartAndShutdown() throws Exception {
        home = repositoryRoot();
        logs = dir.resolve("logs");
        int namesrvPort = freePort();
        int brokerPort = freePort();
        Path conf = dir.resolve("broker-extra.conf");
        Files.writeString(conf, "mappedFileSizeCommitLog=33554432\n", StandardCharsets.UTF_8);

        Run start = run("bin/apogee-standalone", "--daemon", "-d", dir.resolve("data").toString(),
                "-p", String.valueOf(namesrvPort), "-b", String.valueOf(brokerPort), "-c", conf.toString());
        assertEquals(0, start.exitCode(), start.output());
        assertTrue(start.output().contains("started (pid"), start.output());
        assertTrue(start.output().contains("broker 127.0.0.1:" + brokerPort), start.output());
        long pid = Long.parseLong(Files.readString(logs.resolve("standalone.pid")).trim());
        assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));

        Run demo = run("bin/apogee-demo", "-n", "127.0.0.1:" + namesrvPort, "-m", "50", "-t", "ScriptDemo");
        assertEquals(0, demo.exitCode(), demo.output());
        assertTrue(demo.output().contains("sent 50 messages"), demo.output());
        assertTrue(demo.output().contains("received 50/50 messages"), demo.output());

        Run second = run("bin/apogee-standalone", "--daemon", "-d", dir.resolve("data-2").toString(),
                "-p", String.valueOf(namesrvPort), "-b", String.valueOf(brokerPort));
        assertNotEquals(0, second.exitCode(), second.output());
        assertTrue(second.output().contains("port " + namesrvPort + " is already in use"), second.output());
        assertEquals(String.valueOf(pid), Files.readString(logs.resolve("standalone.pid")).trim(),
                "a failed start must not replace the running server's pid file");

        Run stop = run("bin/mqshutdown", "standalone");
        assertEquals(0, stop.exitCode(), stop.output());
        assertTrue(stop.output().contains("standalone stopped (pid " + pid + ")"), stop.output());
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        assertFalse(Files.exists(logs.resolve("standalone.pid")));
        String log = Files.readString(logs.resolve("standalone.log"));
        assertTrue(log.contains("STANDALONE-STOPPED"), "graceful shutdown is logged");

        Run again = run("bin/mqshutdown", "standalone");
        assertEquals(0, again.exitCode(), again.output());
        assertTrue(again.output().contains("no standalone running"), again.output());
    }

    private Run run(String script, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(home.resolve(script).toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put("APOGEE_LOG_DIR", logs.toString());
        env.put("APOGEE_CLASSPATH", System.getProperty("java.class.path"));
        env.put("APOGEE_CONSOLE_PORT", "0"); // the web console on a free port, not the default 8082
        env.put("JAVA_OPT", "-Xms64m -Xmx256m -XX:+UseG1GC -XX:MaxDirectMemorySize=256m");
        env.remove("APOGEE_HOME");
        Path out = dir.resolve("script-" + System.nanoTime() + ".out");
        builder.redirectOutput(out.toFile());
        Process process = builder.start();
        if (!process.waitFor(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(script + " did not finish in " + SCRIPT_TIMEOUT_SECONDS + " s: "
                    + Files.readString(out));
        }
        return new Run(process.exitValue(), Files.readString(out));
    }

    private static Path repositoryRoot() {
        Path candidate = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path p = candidate; p != null; p = p.getParent()) {
            if (Files.isExecutable(p.resolve("bin/apogee-standalone"))) {
                return p;
            }
        }
        throw new IllegalStateException("bin/apogee-standalone not found above " + candidate);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
