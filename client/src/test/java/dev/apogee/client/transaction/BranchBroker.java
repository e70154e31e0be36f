package dev.apogee.client.transaction;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.awaitility.Awaitility;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One in-JVM name server and one in-JVM broker ({@value #BROKER_NAME}) on loopback for the branch tests; the broker
 * can be stopped and started again on the same store and port. Reads go through the official client's plain pull
 * (no long polling), so a test sees exactly what a pull at an offset returns.
 */
final class BranchBroker implements AutoCloseable {
    static final String BROKER_NAME = "branch-broker";

    private final NameServer namesrv;
    private final BrokerConfig config;
    private final DefaultMQPullConsumer reader;
    private Broker broker;

    private BranchBroker(NameServer namesrv, BrokerConfig config) throws Exception {
        this.namesrv = namesrv;
        this.config = config;
        startBroker();
        reader = new DefaultMQPullConsumer("branch-test-reader");
        reader.setNamesrvAddr(namesrv.localAddress());
        reader.setInstanceName("branch-reader-" + System.nanoTime());
        reader.start();
    }

    static BranchBroker start(Path dir, Consumer<BrokerConfig> tweaks) throws Exception {
        NameServer namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        BrokerConfig config = new BrokerConfig();
        config.setBrokerName(BROKER_NAME);
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        config.setBrokerIP1("127.0.0.1");
        config.setNamesrvAddr(namesrv.localAddress());
        config.setStorePathRootDir(dir.resolve("store").toString());
        config.setMappedFileSizeCommitLog(16L * 1024 * 1024);
        tweaks.accept(config);
        try {
            return new BranchBroker(namesrv, config);
        } catch (Exception e) {
            namesrv.close();
            throw e;
        }
    }

    void startBroker() throws Exception {
        broker = new Broker(config);
        broker.start();
    }

    void stopBroker() {
        broker.shutdown();
    }

    String namesrvAddress() {
        return namesrv.localAddress();
    }

    /** A client config of its own instance (its own connections), with a short request timeout. */
    ClientConfig clientConfig(String instance) {
        return new ClientConfig().setNamesrvAddress(namesrvAddress())
                .setInstanceName(instance + "-" + System.nanoTime()).setRpcTimeoutMillis(5_000);
    }

    /** Creates {@code topic} with {@code queues} queues and waits until the name server routes it. */
    void createTopic(String topic, int queues) throws Exception {
        try (AdminClient admin = new AdminClient(clientConfig("admin"))) {
            admin.start();
            admin.createTopic(topic, queues);
            Awaitility.await().atMost(Duration.ofSeconds(10)).ignoreExceptions()
                    .until(() -> admin.route(topic) != null);
        }
    }

    /** One plain pull of {@code group} (no long polling). */
    PullResult pull(String group, String topic, int queueId, long offset) throws Exception {
        return pull(group, topic, queueId, offset, false);
    }

    /** One pull of {@code group}; {@code longPoll} lets the broker hold it while there is nothing to return. */
    PullResult pull(String group, String topic, int queueId, long offset, boolean longPoll) throws Exception {
        DefaultMQPullConsumer consumer = new DefaultMQPullConsumer(group);
        consumer.setNamesrvAddr(namesrvAddress());
        consumer.setInstanceName(group + "-" + System.nanoTime());
        consumer.start();
        try {
            MessageQueue queue = new MessageQueue(topic, BROKER_NAME, queueId);
            return longPoll ? consumer.pullBlockIfNotFound(queue, "*", offset, 32)
                    : consumer.pull(queue, "*", offset, 32);
        } finally {
            consumer.shutdown();
        }
    }

    /** Every message of {@code topic}, all queues, from the start. */
    List<MessageExt> readAll(String topic, int queues) throws Exception {
        List<MessageExt> all = new ArrayList<>();
        for (int q = 0; q < queues; q++) {
            long offset = 0;
            while (true) {
                PullResult result = reader.pull(new MessageQueue(topic, BROKER_NAME, q), "*", offset, 32);
                if (result.getPullStatus() != PullStatus.FOUND) {
                    break;
                }
                all.addAll(result.getMsgFoundList());
                offset = result.getNextBeginOffset();
            }
        }
        return all;
    }

    /** Waits (bounded) until {@code topic} holds {@code expected} messages (dispatch to the queues is asynchronous). */
    List<MessageExt> awaitAll(String topic, int queues, int expected) {
        return Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                .until(() -> readAll(topic, queues), list -> list.size() >= expected);
    }

    /** The committed offset of {@code group} on a queue, -1 when none. */
    long consumerOffset(String group, String topic, int queueId) throws Exception {
        try (AdminClient admin = new AdminClient(clientConfig("admin"))) {
            admin.start();
            return admin.consumerOffsets(group, topic).entrySet().stream()
                    .filter(e -> e.getKey().queueId() == queueId).mapToLong(e -> e.getValue()).findFirst().orElse(-1);
        }
    }

    @Override
    public void close() {
        reader.shutdown();
        if (broker != null) {
            broker.shutdown();
        }
        namesrv.close();
    }
}
