package dev.apogee.standalone;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server scripts as an operator runs them, each a real child process: every start-up refusal is exactly one line
 * on stderr with a non-zero exit code and no stack trace anywhere on the terminal (the details are in the log
 * file); {@code bin/mqnamesrv --daemon} and {@code bin/mqbroker --daemon} serve the demo, state their effective
 * durability settings, refuse a second broker or standalone on their locked store, and stop with
 * {@code bin/mqshutdown}.
 */
@Tag("slow")
class ServerScriptsTest {
    private static final String PORT_RANGE = "(allowed: an integer from 0 to 65535)";

    @TempDir
    Path dir;

    private Path logs;
    private ScriptRunner scripts;

    @BeforeEach
    void setUp() {
        logs = dir.resolve("logs");
        scripts = new ScriptRunner(dir, logs);
    }

    @AfterEach
    void killLeftovers() throws IOException {
        // only after a failed assertion: the pid files name the processes this test started
        ScriptRunner.killFromPidFile(logs.resolve("broker.pid"));
        ScriptRunner.killFromPidFile(logs.resolve("namesrv.pid"));
    }

    @Test
    void everyRefusalIsOneLineOnStderrWithTheDetailsInTheLog() throws Exception {
        refused(2, "mqbroker: bad value '70000' for listenPort " + PORT_RANGE, "bin/mqbroker", "-p", "70000");
        Path sync = conf("sync.conf", "flushDiskType=SYNC\n");
        refused(1, "mqbroker: bad configuration: " + sync + ": bad value 'SYNC' for flushDiskType (allowed: "
                + "ASYNC_FLUSH, SYNC_FLUSH)", "bin/mqbroker", "-c", sync.toString());
        // --daemon reports the same line from the child's output
        refused(1, "mqbroker: bad configuration: " + sync + ": bad value 'SYNC' for flushDiskType (allowed: "
                + "ASYNC_FLUSH, SYNC_FLUSH)", "bin/mqbroker", "--daemon", "-c", sync.toString());
        Path port = conf("port.conf", "listenPort=99999\n");
        refused(1, "mqbroker: bad configuration: " + port + ": bad value '99999' for listenPort " + PORT_RANGE,
                "bin/mqbroker", "-c", port.toString());
        Path interval = conf("interval.conf", "flushIntervalCommitLog=-500\n");
        refused(1, "mqbroker: bad configuration: " + interval + ": bad value '-500' for flushIntervalCommitLog "
                + "(allowed: a whole number >= 1)", "bin/mqbroker", "-c", interval.toString());
        Path missing = dir.resolve("missing.conf");
        refused(1, "mqbroker: cannot read config file " + missing + ": no such file", "bin/mqbroker", "-c",
                missing.toString());
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Path loopback = conf("loopback.conf", "bindAddress=127.0.0.1\n");
            refused(1, "mqbroker: cannot start: port " + taken.getLocalPort() + " is already in use on 127.0.0.1",
                    "bin/mqbroker", "-c", loopback.toString(), "-p", String.valueOf(taken.getLocalPort()));
            refused(1, "mqnamesrv: cannot start: port " + taken.getLocalPort() + " is already in use on 127.0.0.1",
                    "bin/mqnamesrv", "-c", loopback.toString(), "-p", String.valueOf(taken.getLocalPort()));
        }

        refused(2, "mqnamesrv: bad value '70000' for listenPort " + PORT_RANGE, "bin/mqnamesrv", "-p", "70000");
        refused(1, "mqnamesrv: bad configuration: " + port + ": bad value '99999' for listenPort " + PORT_RANGE,
                "bin/mqnamesrv", "-c", port.toString());
        Path unknown = conf("unknown.conf", "rocketmqHome=/opt/rocketmq\n");
        refused(1, "mqnamesrv: bad configuration: " + unknown + ": unknown configuration key 'rocketmqHome'",
                "bin/mqnamesrv", "-c", unknown.toString());

        refused(2, "apogee-standalone: bad value 'SYNC' for flushDiskType (allowed: ASYNC_FLUSH, SYNC_FLUSH)",
                "bin/apogee-standalone", "-f", "SYNC");
        refused(2, "apogee-standalone: bad value '70000' for brokerPort " + PORT_RANGE,
                "bin/apogee-standalone", "-b", "70000");

        String brokerLog = Files.readString(logs.resolve("broker.log"));
        assertTrue(brokerLog.contains("BROKER-START-FAILED bad configuration: " + sync), brokerLog);
        assertTrue(brokerLog.contains("BROKER-START-FAILED cannot read config file " + missing), brokerLog);
        assertTrue(brokerLog.contains("java.nio.file.NoSuchFileException"), "the cause is in the log: " + brokerLog);
        String namesrvLog = Files.readString(logs.resolve("namesrv.log"));
        assertTrue(namesrvLog.contains("NAMESRV-START-FAIL bad configuration: " + unknown), namesrvLog);
        assertFalse(Files.exists(logs.resolve("broker.pid")) && ProcessHandle.of(Long.parseLong(
                Files.readString(logs.resolve("broker.pid")).trim())).map(ProcessHandle::isAlive).orElse(false),
                "no broker left running");
    }

    @Test
    void separateServersServeTheDemoAndRefuseASecondUserOfTheStore() throws Exception {
        int namesrvPort = ScriptRunner.freePort();
        int brokerPort = ScriptRunner.freePort();
        Path kv = dir.resolve("namesrv").resolve("kvConfig.json");
        Path namesrvConf = conf("namesrv.conf", "kvConfigPath=" + kv + "\n");
        Path store = dir.resolve("standalone-data").resolve("broker");
        Path brokerConf = conf("broker.conf", "storePathRootDir=" + store + "\nflushDiskType=SYNC_FLUSH\n"
                + "brokerIP1=127.0.0.1\nbindAddress=127.0.0.1\nmappedFileSizeCommitLog=33554432\n");

        ScriptRunner.Run namesrv = scripts.run("bin/mqnamesrv", "--daemon", "-c", namesrvConf.toString(),
                "-p", String.valueOf(namesrvPort));
        assertEquals(0, namesrv.exitCode(), namesrv.toString());
        assertTrue(namesrv.stdout().contains("mqnamesrv: started (pid "), namesrv.toString());
        assertTrue(namesrv.stdout().contains("NAMESRV-STARTED name server listening on 0.0.0.0:" + namesrvPort
                + " (kvConfigPath " + kv + ", routes in memory)"), namesrv.toString());
        long namesrvPid = pid("namesrv");

        ScriptRunner.Run broker = scripts.run("bin/mqbroker", "--daemon", "-c", brokerConf.toString(),
                "-n", "127.0.0.1:" + namesrvPort, "-p", String.valueOf(brokerPort));
        assertEquals(0, broker.exitCode(), broker.toString());
        assertTrue(broker.stdout().contains("listening on 127.0.0.1:" + brokerPort + " (namesrv 127.0.0.1:"
                + namesrvPort + ", flushDiskType SYNC_FLUSH (syncFlushTimeoutMillis 5000), transientStorePoolEnable "
                + "false, store " + store + ")"), broker.toString());
        long brokerPid = pid("broker");

        ScriptRunner.Run demo = scripts.run("bin/apogee-demo", "-n", "127.0.0.1:" + namesrvPort, "-m", "20",
                "-t", "SeparateServersDemo");
        assertEquals(0, demo.exitCode(), demo.toString());
        assertTrue(demo.stdout().contains("received 20/20 messages"), demo.toString());

        refused(1, "mqbroker: cannot start: STORE-LOCKED store directory " + store + " is open elsewhere",
                "bin/mqbroker", "-c", brokerConf.toString(), "-n", "127.0.0.1:" + namesrvPort,
                "-p", String.valueOf(ScriptRunner.freePort()));
        assertEquals(brokerPid, pid("broker"), "a refused start keeps the running broker's pid file");
        refused(1, "apogee-standalone: cannot start: STORE-LOCKED store directory " + store + " is open elsewhere",
                "bin/apogee-standalone", "-d", store.getParent().toString(),
                "-p", String.valueOf(ScriptRunner.freePort()), "-b", String.valueOf(ScriptRunner.freePort()));

        ScriptRunner.Run stopBroker = scripts.run("bin/mqshutdown", "broker");
        assertEquals(0, stopBroker.exitCode(), stopBroker.toString());
        assertTrue(stopBroker.stdout().contains("broker stopped (pid " + brokerPid + ")"), stopBroker.toString());
        ScriptRunner.Run stopNamesrv = scripts.run("bin/mqshutdown", "namesrv");
        assertEquals(0, stopNamesrv.exitCode(), stopNamesrv.toString());
        assertTrue(stopNamesrv.stdout().contains("namesrv stopped (pid " + namesrvPid + ")"), stopNamesrv.toString());
        assertFalse(ProcessHandle.of(brokerPid).map(ProcessHandle::isAlive).orElse(false));
        assertFalse(ProcessHandle.of(namesrvPid).map(ProcessHandle::isAlive).orElse(false));
        assertFalse(Files.exists(logs.resolve("broker.pid")));
        assertFalse(Files.exists(logs.resolve("namesrv.pid")));
    }

    /** Runs a start that must be refused: exactly {@code line} on stderr, no stack trace on stdout or stderr. */
    private void refused(int exitCode, String line, String script, String... args) throws Exception {
        ScriptRunner.Run run = scripts.run(script, args);
        assertEquals(exitCode, run.exitCode(), run.toString());
        assertEquals(line + "\n", run.stderr(), run.toString());
        assertFalse(run.output().contains("Exception"), run.toString());
        assertFalse(run.output().contains("\tat "), run.toString());
        assertFalse(run.stdout().contains("START-FAIL"), "the refusal's log line goes to the file only: " + run);
    }

    private Path conf(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private long pid(String server) throws IOException {
        long pid = Long.parseLong(Files.readString(logs.resolve(server + ".pid")).trim());
        assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), server + " pid " + pid);
        return pid;
    }
}
