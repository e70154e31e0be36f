package dev.apogee.broker.acceptance;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;

import java.nio.file.Path;

/**
 * Our name server plus one broker in this JVM, both on 127.0.0.1 with free ports, data under a temporary directory.
 * One instance per test class. {@link #restartBroker()} stops the broker cleanly and starts a new one on the same
 * port and store, as an operator restart would.
 */
final class AcceptanceServers implements AutoCloseable {
    static final String CLUSTER = "AcceptanceCluster";
    static final String BROKER_NAME = "broker-acc";

    private final NameServer namesrv;
    private final BrokerConfig brokerConfig;
    private Broker broker;

    private AcceptanceServers(NameServer namesrv, BrokerConfig brokerConfig, Broker broker) {
        this.namesrv = namesrv;
        this.brokerConfig = brokerConfig;
        this.broker = broker;
    }

    static AcceptanceServers start(Path dir) throws Exception {
        NameServer namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json")));
        namesrv.start();
        BrokerConfig config = brokerConfig(dir.resolve("store"), "127.0.0.1:" + namesrv.port());
        Broker broker = new Broker(config);
        try {
            broker.start();
        } catch (Exception e) {
            broker.shutdown();
            namesrv.shutdown();
            throw e;
        }
        return new AcceptanceServers(namesrv, config, broker);
    }

    /** The settings every acceptance broker uses; {@code listenPort=0} picks a free port at start. */
    static BrokerConfig brokerConfig(Path store, String namesrvAddress) {
        BrokerConfig config = new BrokerConfig();
        config.setBrokerClusterName(CLUSTER);
        config.setBrokerName(BROKER_NAME);
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        config.setBrokerIP1("127.0.0.1");
        config.setNamesrvAddr(namesrvAddress);
        config.setStorePathRootDir(store.toString());
        config.setMappedFileSizeCommitLog(32L * 1024 * 1024);
        return config;
    }

    String namesrvAddress() {
        return "127.0.0.1:" + namesrv.port();
    }

    String brokerAddress() {
        return "127.0.0.1:" + broker.port();
    }

    Broker broker() {
        return broker;
    }

    /** Clean {@code shutdown()}, then a new broker on the same port and store. */
    void restartBroker() throws Exception {
        broker.shutdown();
        broker = new Broker(brokerConfig);
        broker.start();
    }

    @Override
    public void close() {
        try {
            broker.shutdown();
        } finally {
            namesrv.shutdown();
        }
    }
}
