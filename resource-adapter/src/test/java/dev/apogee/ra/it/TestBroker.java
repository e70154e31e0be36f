package dev.apogee.ra.it;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Our name server and broker in the test JVM on loopback, shared by the container tests. The broker listens on a
 * fixed port so that {@link #restartBroker()} brings it back where the clients in WildFly expect it.
 */
public final class TestBroker {
    private static TestBroker instance;

    private final Path dir;
    private final NameServer namesrv;
    private final BrokerConfig config;
    private Broker broker;

    private TestBroker(Path dir, NameServer namesrv, BrokerConfig config, Broker broker) {
        this.dir = dir;
        this.namesrv = namesrv;
        this.config = config;
        this.broker = broker;
    }

    /** The suite's broker, started on first use; stopped by a JVM shutdown hook. */
    public static synchronized TestBroker get() {
        if (instance == null) {
            try {
                instance = start();
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the test broker", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(instance::close, "test-broker-stop"));
        }
        return instance;
    }

    private static TestBroker start() throws Exception {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "apogee-ra-it");
        NameServer namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        BrokerConfig config = new BrokerConfig();
        config.setListenPort(freePort());
        config.setBindAddress("127.0.0.1");
        config.setNamesrvAddr(namesrv.localAddress());
        config.setStorePathRootDir(dir.resolve("store").toString());
        config.setMappedFileSizeCommitLog(32 * 1024 * 1024);
        Broker broker = new Broker(config);
        broker.start();
        return new TestBroker(dir, namesrv, config, broker);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    public String url() {
        return "apogee://" + namesrv.localAddress();
    }

    public ApogeeConnectionFactory factory() throws Exception {
        return new ApogeeConnectionFactory(url());
    }

    /** Stops the broker (the name server stays) and starts it again on the same port and store. */
    synchronized void restartBroker() throws Exception {
        broker.shutdown();
        broker = new Broker(config);
        broker.start();
    }

    synchronized void close() {
        broker.shutdown();
        namesrv.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // Temp files only; the OS cleans them eventually.
        }
    }
}
