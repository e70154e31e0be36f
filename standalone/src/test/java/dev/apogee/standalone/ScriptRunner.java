package dev.apogee.standalone;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the real scripts of {@code bin/} as child processes (bash), each bounded by a timeout, with this JVM's test
 * classpath ({@code APOGEE_CLASSPATH}) so that they run the freshly compiled classes, logs under {@code logs}, and
 * stdout and stderr kept apart (a refusal's one line is asserted on stderr alone).
 */
final class ScriptRunner {
    private static final long SCRIPT_TIMEOUT_SECONDS = 120;

    private final Path home;
    private final Path workDir;
    private final Path logs;
    private final Map<String, String> extraEnv;

    /** One run: exit code, stdout, stderr. */
    record Run(int exitCode, String stdout, String stderr) {
        String output() {
            return stdout + stderr;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    ScriptRunner(Path workDir, Path logs, Map<String, String> extraEnv) {
        this.home = repositoryRoot();
        this.workDir = workDir;
        this.logs = logs;
        this.extraEnv = extraEnv;
    }

    ScriptRunner(Path workDir, Path logs) {
        this(workDir, logs, Map.of());
    }

    Path home() {
        return home;
    }

    Run run(String script, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(home.resolve(script).toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        Map<String, String> env = builder.environment();
        env.put("APOGEE_LOG_DIR", logs.toString());
        env.put("APOGEE_CLASSPATH", System.getProperty("java.class.path"));
        env.put("JAVA_OPT", "-Xms64m -Xmx256m -XX:+UseG1GC -XX:MaxDirectMemorySize=256m");
        env.remove("APOGEE_HOME");
        env.remove("APOGEE_PRETOUCH");
        env.put("APOGEE_CONSOLE_PORT", "0"); // the web console on a free port, not the default 8082
        env.putAll(extraEnv);
        long id = System.nanoTime();
        Path out = workDir.resolve("script-" + id + ".out");
        Path err = workDir.resolve("script-" + id + ".err");
        builder.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process process = builder.start();
        if (!process.waitFor(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(script + " did not finish in " + SCRIPT_TIMEOUT_SECONDS + " s: "
                    + Files.readString(out) + Files.readString(err));
        }
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** Kills what a pid file names, for clean-up after a failed assertion; only processes this test started. */
    static void killFromPidFile(Path pidFile) throws IOException {
        if (pidFile != null && Files.exists(pidFile)) {
            String pid = Files.readString(pidFile).trim();
            if (!pid.isEmpty()) {
                ProcessHandle.of(Long.parseLong(pid)).filter(p -> p.info().commandLine().orElse("")
                        .contains("dev.apogee.")).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    static Path repositoryRoot() {
        Path candidate = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path p = candidate; p != null; p = p.getParent()) {
            if (Files.isExecutable(p.resolve("bin/apogee-standalone"))) {
                return p;
            }
        }
        throw new IllegalStateException("bin/apogee-standalone not found above " + candidate);
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
