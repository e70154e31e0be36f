package dev.apogee.broker.pop;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * One in-JVM name server and broker for a POP test class ({@code @RegisterExtension static final PopServers}),
 * started before its first test and closed after its last, with what the tests drive it by, each started on first
 * use: the official admin API, a producer and the official client's POP calls ({@link OfficialPopClient}). The
 * store lives in a temporary directory deleted at the end.
 *
 * <p>Thread ownership: the fields are set and read on the JUnit thread that runs the class's tests one by one.
 */
final class PopServers implements BeforeAllCallback, AfterAllCallback {
    private Path dir;
    private BrokerFixture fixture;
    private DefaultMQAdminExt admin;
    private DefaultMQProducer producer;
    private OfficialPopClient client;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        dir = Files.createTempDirectory("apogee-pop-");
        fixture = BrokerFixture.start(dir, config -> { });
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try {
            if (client != null) {
                client.close();
            }
            if (producer != null) {
                producer.shutdown();
            }
            if (admin != null) {
                admin.shutdown();
            }
            fixture.close();
        } finally {
            delete(dir);
        }
    }

    BrokerFixture fixture() {
        return fixture;
    }

    DefaultMQAdminExt admin() throws Exception {
        if (admin == null) {
            admin = PopFixture.admin(fixture.namesrvAddress());
        }
        return admin;
    }

    DefaultMQProducer producer() throws Exception {
        if (producer == null) {
            producer = fixture.producer("pop-producer");
        }
        return producer;
    }

    OfficialPopClient client() throws Exception {
        if (client == null) {
            client = new OfficialPopClient(fixture.namesrvAddress(), fixture.config().getBrokerName(),
                    fixture.brokerAddress());
        }
        return client;
    }

    /** Creates the topic and the group (with {@code retryMaxTimes}) and switches the group to POP on the topic. */
    void popGroup(String topic, int queues, String group, int retryMaxTimes) throws Exception {
        PopFixture.popGroup(admin(), fixture.brokerAddress(), topic, queues, group, retryMaxTimes);
    }

    /**
     * An official push consumer of {@code group} on {@code topic} (all tags) that pops: the broker assigns its
     * queues (QUERY_ASSIGNMENT answers POP for a group switched by {@link #popGroup}), each message invisible for
     * {@code invisibleMillis}. Not started: the caller registers its listener first.
     */
    DefaultMQPushConsumer popPushConsumer(String group, String topic, String instanceName, long invisibleMillis)
            throws Exception {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(group);
        consumer.setNamesrvAddr(fixture.namesrvAddress());
        consumer.setInstanceName(instanceName);
        consumer.setClientRebalance(false);
        consumer.setPopInvisibleTime(invisibleMillis);
        consumer.subscribe(topic, "*");
        return consumer;
    }

    private static void delete(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
