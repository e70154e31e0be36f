package dev.apogee.benchmarks.client;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.MQClientException;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.remoting.protocol.body.TopicOffset;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The bench topic, created with a fixed queue count on every master before anything is measured, so neither
 * producer triggers (or times) auto-creation from TBW102 and both spread over the same queues. Also reads back how
 * many messages the broker holds, so the tool can check that what it counted as sent was really stored. Uses our
 * admin client: both brokers take its UPDATE_AND_CREATE_TOPIC and GET_TOPIC_STATS_INFO.
 */
final class BenchTopic implements AutoCloseable {
    private static final long READY_TIMEOUT_MILLIS = 60_000;
    private static final long RETRY_PAUSE_MILLIS = 500;

    private final AdminClient admin;
    private final String topic;

    private BenchTopic(AdminClient admin, String topic) {
        this.admin = admin;
        this.topic = topic;
    }

    /** Retries until the name server routes {@code queues} write queues: a fresh broker registers a moment late. */
    static BenchTopic create(String namesrvAddress, String topic, int queues) throws IOException, InterruptedException {
        AdminClient admin = new AdminClient(new ClientConfig().setNamesrvAddress(namesrvAddress)
                .setInstanceName("bench_admin"));
        admin.start();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MILLIS);
        String last = "not tried";
        while (System.nanoTime() < deadline) {
            try {
                admin.createTopic(topic, queues);
                TopicRouteInfo route = admin.route(topic);
                int routed = route == null ? 0 : route.publishQueues().size();
                if (routed == queues) {
                    return new BenchTopic(admin, topic);
                }
                last = routed + " publish queues routed";
            } catch (MQClientException e) {
                last = e.getMessage();
            }
            Thread.sleep(RETRY_PAUSE_MILLIS);
        }
        admin.shutdown();
        throw new IOException("topic " + topic + " not routed with " + queues + " queues within "
                + READY_TIMEOUT_MILLIS + " ms: " + last);
    }

    /** Messages stored in the topic so far: the sum of the queues' max offsets. */
    long storedMessages() throws MQClientException, InterruptedException {
        long stored = 0;
        for (TopicOffset offset : admin.topicOffsets(topic).values()) {
            stored += offset.getMaxOffset();
        }
        return stored;
    }

    @Override
    public void close() {
        admin.shutdown();
    }
}
