package dev.apogee.broker.registration;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.RegisterBrokerBody;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.body.TopicConfigSerializeWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

/**
 * Keeps this broker registered with every configured name server: the full topic table at start and every
 * {@code registerBrokerIntervalMillis} (30 s), the changed topics at once when topics are created, and
 * UNREGISTER_BROKER at shutdown. All registrations run on its own thread ({@code apogee-namesrv-registration}), so
 * a slow or dead name server never blocks a processor.
 */
public final class BrokerRegistrationService {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerRegistrationService.class);

    private final BrokerConfig config;
    private final TopicConfigTable topics;
    private final NettyRemotingClient client;
    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("apogee-namesrv-registration", true));

    public BrokerRegistrationService(BrokerConfig config, TopicConfigTable topics, NettyRemotingClient client) {
        this.config = config;
        this.topics = topics;
        this.client = client;
    }

    public void start() {
        thread.execute(this::registerAllQuietly);
        thread.scheduleWithFixedDelay(this::registerAllQuietly, config.getRegisterBrokerIntervalMillis(),
                config.getRegisterBrokerIntervalMillis(), TimeUnit.MILLISECONDS);
    }

    /** Registers just these (new or changed) topics, soon, on the registration thread. */
    public void registerIncrementally(List<TopicConfig> changed) {
        if (changed.isEmpty() || thread.isShutdown()) {
            return;
        }
        thread.execute(() -> {
            TopicConfigSerializeWrapper wrapper = new TopicConfigSerializeWrapper();
            Map<String, TopicConfig> table = new LinkedHashMap<>();
            changed.forEach(topic -> table.put(topic.getTopicName(), topic));
            wrapper.setTopicConfigTable(table);
            wrapper.setDataVersion(topics.dataVersion());
            registerQuietly(wrapper);
        });
    }

    /** Registers the full table now and waits (bounded), e.g. right after start in tests. */
    public void registerAllNow() throws InterruptedException {
        try {
            thread.submit(this::registerAllQuietly).get(config.getRegisterBrokerTimeoutMillis() * 2,
                    TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            LOG.warn("registration did not complete: {}", e.toString());
        }
    }

    /** Stops registering and unregisters from every name server. */
    public void shutdown() {
        thread.shutdownNow();
        for (String namesrv : config.namesrvAddressList()) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.UNREGISTER_BROKER)
                    .putExtField("brokerName", config.getBrokerName())
                    .putExtField("brokerAddr", config.brokerAddress())
                    .putExtField("clusterName", config.getBrokerClusterName())
                    .putExtField("brokerId", String.valueOf(config.getBrokerId()));
            try {
                client.invokeSync(namesrv, request, config.getRegisterBrokerTimeoutMillis());
            } catch (Exception e) {
                LOG.warn("unregistering from name server {} failed: {}", namesrv, e.toString());
            }
        }
    }

    private void registerAllQuietly() {
        registerQuietly(topics.snapshot());
    }

    private void registerQuietly(TopicConfigSerializeWrapper wrapper) {
        RegisterBrokerBody body = new RegisterBrokerBody();
        body.setTopicConfigSerializeWrapper(wrapper);
        byte[] bytes = body.encode();
        CRC32 crc = new CRC32();
        crc.update(bytes);
        for (String namesrv : config.namesrvAddressList()) {
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.REGISTER_BROKER)
                    .putExtField("brokerName", config.getBrokerName())
                    .putExtField("brokerAddr", config.brokerAddress())
                    .putExtField("clusterName", config.getBrokerClusterName())
                    .putExtField("haServerAddr", config.getBrokerIP1() + ":" + (config.getListenPort() + 1))
                    .putExtField("brokerId", String.valueOf(config.getBrokerId()))
                    .putExtField("enableActingMaster", "false")
                    .putExtField("compressed", "false")
                    .putExtField("bodyCrc32", String.valueOf((int) (crc.getValue() & 0x7FFFFFFF)))
                    .body(bytes);
            try {
                RemotingCommand response = client.invokeSync(namesrv, request,
                        config.getRegisterBrokerTimeoutMillis());
                if (response.code() != ResponseCode.SUCCESS) {
                    LOG.warn("name server {} refused registration: code {} {}", namesrv, response.code(),
                            response.remark());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                LOG.warn("registering with name server {} failed: {}", namesrv, e.toString());
            }
        }
    }
}
