package dev.apogee.tck.apogee;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.tck.spi.TckEnvironment;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.Topic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Binds the suite to Apogee MQ: our name server and one broker in this JVM on loopback (ephemeral ports), with a
 * temporary store directory deleted at stop.
 */
public final class ApogeeEnvironment implements TckEnvironment {
    private Path dir;
    private NameServer namesrv;
    private Broker broker;

    @Override
    public void start() throws Exception {
        dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "apogee-tck");
        namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        BrokerConfig config = new BrokerConfig();
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        config.setNamesrvAddr(namesrv.localAddress());
        config.setStorePathRootDir(dir.resolve("store").toString());
        config.setMappedFileSizeCommitLog(32 * 1024 * 1024);
        broker = new Broker(config);
        broker.start();
    }

    @Override
    public void stop() throws IOException {
        broker.shutdown();
        namesrv.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Override
    public Capabilities capabilities() {
        return new Capabilities(true);
    }

    @Override
    public ConnectionFactory connectionFactory() {
        ApogeeConnectionFactory factory = new ApogeeConnectionFactory();
        factory.setNamesrvAddress(namesrv.localAddress());
        factory.setTrustedPackages(List.of("dev.apogee.tck"));
        return factory;
    }

    @Override
    public ConnectionFactory connectionFactory(String clientId) {
        ApogeeConnectionFactory factory = (ApogeeConnectionFactory) connectionFactory();
        factory.setClientID(clientId);
        return factory;
    }

    @Override
    public Queue queue(String name) throws JMSException {
        return new ApogeeQueue(name);
    }

    @Override
    public Topic topic(String name) throws JMSException {
        return new ApogeeTopic(name);
    }
}
