package dev.apogee.client.interop;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Our own name server and broker in this JVM on loopback, the second target of the interop suites
 * ({@code -Dapogee.it.target=apogee}), configured like the Apache anchor: short delay levels and a fast transaction
 * check, so retry and check-back tests finish in seconds.
 */
final class ApogeeServers implements AutoCloseable {
    private final NameServer namesrv;
    private final Broker broker;

    private ApogeeServers(NameServer namesrv, Broker broker) {
        this.namesrv = namesrv;
        this.broker = broker;
    }

    static ApogeeServers start() throws Exception {
        Path dir = Files.createTempDirectory("apogee-client-interop-own");
        NameServer namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        BrokerConfig config = new BrokerConfig();
        config.setBrokerName("broker-a");
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        config.setNamesrvAddr(namesrv.localAddress());
        config.setStorePathRootDir(dir.resolve("store").toString());
        config.setMappedFileSizeCommitLog(64L * 1024 * 1024);
        config.setMessageDelayLevel("1s 1s 1s 1s 1s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s");
        config.setTransactionCheckInterval(1000);
        config.setTransactionTimeOut(1000);
        Broker broker = new Broker(config);
        try {
            broker.start();
        } catch (Exception e) {
            namesrv.close();
            throw e;
        }
        return new ApogeeServers(namesrv, broker);
    }

    String namesrvAddress() {
        return namesrv.localAddress();
    }

    @Override
    public void close() {
        broker.shutdown();
        namesrv.close();
    }
}
