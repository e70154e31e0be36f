package dev.apogee.jms.tx;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Our name server and one or more brokers ({@code broker-a}, {@code broker-b}, …) in this JVM on loopback, for
 * transaction tests; the first broker can restart on its store.
 */
public final class TxBroker implements AutoCloseable {
    private final Path dir;
    private final NameServer namesrv;
    private Broker broker;
    private final List<Broker> others = new ArrayList<>();

    private TxBroker(Path dir, NameServer namesrv) {
        this.dir = dir;
        this.namesrv = namesrv;
    }

    public static TxBroker start() throws Exception {
        return start(1);
    }

    public static TxBroker start(int brokers) throws Exception {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "apogee-jms-tx");
        NameServer namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        TxBroker b = new TxBroker(dir, namesrv);
        b.broker = b.startBroker(0);
        for (int i = 1; i < brokers; i++) {
            b.others.add(b.startBroker(i));
        }
        return b;
    }

    private Broker startBroker(int index) throws Exception {
        BrokerConfig config = new BrokerConfig();
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        config.setNamesrvAddr(namesrv.localAddress());
        config.setBrokerName("broker-" + (char) ('a' + index));
        config.setStorePathRootDir(dir.resolve("store-" + index).toString());
        config.setMappedFileSizeCommitLog(32 * 1024 * 1024);
        Broker started = new Broker(config);
        started.start();
        return started;
    }

    /** Stops the broker (a clean shutdown) and starts a new one over the same store. */
    public synchronized void restartBroker() throws Exception {
        broker.shutdown();
        broker = startBroker(0);
    }

    public String namesrvAddress() {
        return namesrv.localAddress();
    }

    /** A factory of the given kind with this broker's name server and short timeouts. */
    public <F extends ApogeeConnectionFactory> F configure(F factory) {
        factory.setNamesrvAddress(namesrvAddress());
        factory.setTrustedPackages(List.of("dev.apogee.jms"));
        return factory;
    }

    public ApogeeConnectionFactory factory() {
        return configure(new ApogeeConnectionFactory());
    }

    @Override
    public synchronized void close() throws java.io.IOException {
        broker.shutdown();
        others.forEach(Broker::shutdown);
        namesrv.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
