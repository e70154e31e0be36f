package dev.apogee.standalone.admin;

import dev.apogee.standalone.Standalone;
import dev.apogee.standalone.StandaloneOptions;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * Our real name server and broker (bin/apogee-standalone's server, in this JVM on free loopback ports, 32 MiB
 * commit-log files) for the apogee-admin tests, and a way to run the CLI in-process with its output captured.
 */
final class AdminServer implements AutoCloseable {
    private final Path dataDir;
    private Standalone server;

    /** What one run printed and returned. */
    record Run(int exitCode, String out, String err) {
        /** The cells of the first table row whose first cell is {@code first} (cells are 2+ spaces apart). */
        Optional<String[]> row(String first) {
            return out.lines().map(l -> l.split("\\s{2,}")).filter(c -> c[0].equals(first)).findFirst();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out:\n" + out + "--- err:\n" + err;
        }
    }

    AdminServer(Path dir) throws Exception {
        this.dataDir = dir.resolve("data");
        Path conf = Files.writeString(dir.resolve("broker-extra.conf"), "mappedFileSizeCommitLog=33554432\n",
                StandardCharsets.UTF_8);
        server = Standalone.start(new StandaloneOptions(dataDir, 0, 0, null, conf));
    }

    String namesrv() {
        return StandaloneOptions.HOST + ":" + server.namesrvPort();
    }

    /** The broker's store directory (its storePathRootDir). */
    Path storeDir() {
        return dataDir.resolve("broker");
    }

    /** Runs apogee-admin with {@code -n} set to this server (unless the arguments give one). */
    Run admin(String... args) {
        String[] withNamesrv = Arrays.asList(args).contains("-n") || Arrays.asList(args).contains("store-check")
                ? args : concat(args, "-n", namesrv());
        return run(false, withNamesrv);
    }

    static Run run(boolean terminal, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = ApogeeAdmin.run(args, o, e, Map.of(), terminal);
        }
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String[] concat(String[] args, String... more) {
        String[] all = Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }

    /** Stops the broker and name server (idempotent); the store stays for store-check. */
    @Override
    public void close() {
        if (server != null) {
            server.shutdown();
            server = null;
        }
    }
}
