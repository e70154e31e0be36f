package dev.apogee.examples.springcamel;

import dev.apogee.standalone.Standalone;
import dev.apogee.standalone.StandaloneOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;
import javax.naming.Context;

/**
 * The server {@code bin/apogee-standalone} runs (name server + broker), started in the test JVM on free loopback
 * ports with its data in a temporary directory under {@code target/}, deleted on close.
 */
final class ApogeeServer implements Provider {
    private final Path dir;
    private final Standalone server;

    private ApogeeServer(Path dir, Standalone server) {
        this.dir = dir;
        this.server = server;
    }

    static ApogeeServer start() throws Exception {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "apogee-spring-camel");
        // a 32 MiB commit log file instead of the 1 GiB default: the tests write little, the machine is shared
        Path conf = Files.writeString(dir.resolve("broker.conf"), "mappedFileSizeCommitLog=33554432\n");
        return new ApogeeServer(dir, Standalone.start(new StandaloneOptions(dir.resolve("data"), 0, 0, null, conf)));
    }

    /** Only the provider URL: {@code jndi.properties} already names Apogee's initial context factory. */
    @Override
    public Properties jndiEnvironment() {
        Properties environment = new Properties();
        environment.put(Context.PROVIDER_URL, "apogee://127.0.0.1:" + server.namesrvPort());
        return environment;
    }

    @Override
    public void close() throws IOException {
        server.shutdown();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Override
    public String toString() {
        return "Apogee MQ";
    }
}
