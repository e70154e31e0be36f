package dev.apogee.jms.api;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Our name server and broker, in this JVM on loopback, for one test class (public: the JNDI tests use it too). */
public final class JmsBroker implements AutoCloseable {
    private final Path dir;
    private final NameServer namesrv;
    private final Broker broker;
    private boolean closed;

    private JmsBroker(Path dir, NameServer namesrv, Broker broker) {
        this.dir = dir;
        this.namesrv = namesrv;
        this.broker = broker;
    }

    public static JmsBroker start() throws Exception {
        return start(config -> { });
    }

    /** As {@link #start()}, with {@code tune} changing the broker's settings first (e.g. to switch ACL on). */
    public static JmsBroker start(Consumer<BrokerConfig> tune) throws Exception {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "apogee-jms-test");
        NameServer namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        BrokerConfig config = new BrokerConfig();
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        config.setNamesrvAddr(namesrv.localAddress());
        config.setStorePathRootDir(dir.resolve("store").toString());
        config.setMappedFileSizeCommitLog(32 * 1024 * 1024);
        tune.accept(config);
        Broker broker = new Broker(config);
        broker.start();
        return new JmsBroker(dir, namesrv, broker);
    }

    public String namesrvAddress() {
        return namesrv.localAddress();
    }

    public ApogeeConnectionFactory factory() {
        ApogeeConnectionFactory factory = new ApogeeConnectionFactory();
        factory.setNamesrvAddress(namesrvAddress());
        factory.setTrustedPackages(List.of("dev.apogee.jms.api"));
        return factory;
    }

    @Override
    public synchronized void close() throws java.io.IOException {
        if (closed) {
            return;
        }
        closed = true;
        broker.shutdown();
        namesrv.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
