package dev.apogee.standalone;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

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
    @TempDir
    Path dir;

    private Path logs;

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
        logs = dir.resolve("logs");
        int namesrvPort = freePort();
        int brokerPort = freePort();
        Path conf = dir.resolve("broker-extra.conf");
        Files.writeString(conf, "mappedFileSizeCommitLog=33554432\n", StandardCharsets.UTF_8);

        ScriptRunner.Run start = run("bin/apogee-standalone", "--daemon", "-d", dir.resolve("data").toString(),
                "-p", String.valueOf(namesrvPort), "-b", String.valueOf(brokerPort), "-c", conf.toString());
        assertEquals(0, start.exitCode(), start.output());
        assertTrue(start.output().contains("started (pid"), start.output());
        assertTrue(start.output().contains("broker 127.0.0.1:" + brokerPort), start.output());
        assertTrue(start.output().contains("(flushDiskType ASYNC_FLUSH (flushIntervalCommitLog 500, "
                + "flushCommitLogLeastPages 4, flushCommitLogThoroughInterval 10000), transientStorePoolEnable false, "
                + "store " + dir.resolve("data").resolve("broker").toAbsolutePath() + ")"), start.output());
        long pid = Long.parseLong(Files.readString(logs.resolve("standalone.pid")).trim());
        assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));

        ScriptRunner.Run demo = run("bin/apogee-demo", "-n", "127.0.0.1:" + namesrvPort, "-m", "50",
                "-t", "ScriptDemo");
        assertEquals(0, demo.exitCode(), demo.output());
        assertTrue(demo.output().contains("sent 50 messages"), demo.output());
        assertTrue(demo.output().contains("received 50/50 messages"), demo.output());

        ScriptRunner.Run second = run("bin/apogee-standalone", "--daemon", "-d", dir.resolve("data-2").toString(),
                "-p", String.valueOf(namesrvPort), "-b", String.valueOf(brokerPort));
        assertNotEquals(0, second.exitCode(), second.output());
        assertTrue(second.output().contains("port " + namesrvPort + " is already in use"), second.output());
        assertEquals(String.valueOf(pid), Files.readString(logs.resolve("standalone.pid")).trim(),
                "a failed start must not replace the running server's pid file");

        ScriptRunner.Run stop = run("bin/mqshutdown", "standalone");
        assertEquals(0, stop.exitCode(), stop.output());
        assertTrue(stop.output().contains("standalone stopped (pid " + pid + ")"), stop.output());
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        assertFalse(Files.exists(logs.resolve("standalone.pid")));
        String log = Files.readString(logs.resolve("standalone.log"));
        assertTrue(log.contains("STANDALONE-STOPPED"), "graceful shutdown is logged");

        ScriptRunner.Run again = run("bin/mqshutdown", "standalone");
        assertEquals(0, again.exitCode(), again.output());
        assertTrue(again.output().contains("no standalone running"), again.output());
    }

    private ScriptRunner.Run run(String script, String... args) throws IOException, InterruptedException {
        return new ScriptRunner(dir, logs).run(script, args);
    }

    private static int freePort() throws IOException {
        return ScriptRunner.freePort();
    }
}
