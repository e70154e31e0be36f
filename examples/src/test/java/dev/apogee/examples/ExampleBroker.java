package dev.apogee.examples;

import dev.apogee.standalone.Standalone;
import dev.apogee.standalone.StandaloneOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Hashtable;
import java.util.stream.Stream;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * The server {@code bin/apogee-standalone} runs (name server + broker), started in the test JVM on free loopback
 * ports with its data in a temporary directory, deleted on close.
 */
final class ExampleBroker implements AutoCloseable {
    private final Path dir;
    private final Standalone server;

    private ExampleBroker(Path dir, Standalone server) {
        this.dir = dir;
        this.server = server;
    }

    static ExampleBroker start() throws Exception {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "apogee-examples");
        Path conf = Files.writeString(dir.resolve("broker.conf"), "mappedFileSizeCommitLog=33554432\n");
        return new ExampleBroker(dir, Standalone.start(new StandaloneOptions(dir.resolve("data"), 0, 0, null, conf)));
    }

    /** What {@code jndi.properties} would say as {@code java.naming.provider.url} for this broker. */
    String url() {
        return "apogee://127.0.0.1:" + server.namesrvPort();
    }

    /**
     * The examples' own {@code jndi.properties} (from the class path), with the provider URL pointing here: the
     * environment given to {@link InitialContext} takes precedence over the file.
     */
    InitialContext jndi() throws NamingException {
        Hashtable<String, String> environment = new Hashtable<>();
        environment.put(Context.PROVIDER_URL, url());
        return new InitialContext(environment);
    }

    @Override
    public void close() throws IOException {
        server.shutdown();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
