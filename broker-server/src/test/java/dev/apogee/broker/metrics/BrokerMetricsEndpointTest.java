package dev.apogee.broker.metrics;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The broker's {@code /metrics} against real traffic: our name server and broker (SYNC_FLUSH, so the group commit
 * runs), the official 5.3.3 producer and push consumer, scrapes over loopback HTTP. Each value is checked against
 * what the test did: sends counted per topic with their body bytes, deliveries and the lag per group, a message
 * the listener sends straight to the DLQ, RPC latencies per request code, the group commit, the store, the JVM.
 */
@Tag("slow") // the official push consumer's start, rebalance and shutdown: about 25 s on the shared box
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BrokerMetricsEndpointTest {
    private static final String TOPIC = "MetricsTopic";
    private static final String GROUP = "cg-metrics";

    static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Test
    void countsSendsDeliveriesLagAndDeadLettersOfTheOfficialClient(@TempDir Path dir) throws Exception {
        int metricsPort = freePort();
        try (BrokerFixture servers = BrokerFixture.start(dir, config -> {
            config.setFlushDiskType("SYNC_FLUSH");
            config.setMetricsEnable(true);
            config.setMetricsPort(metricsPort);
        })) {
            assertEquals(metricsPort, servers.broker().metricsPort());
            DefaultMQProducer producer = servers.producer("pg-metrics");
            try {
                long bytes = send(producer, 10, "first-");
                MetricsScrape scrape = MetricsScrape.of(metricsPort);
                assertEquals(10, scrape.value("rocketmq_messages_in_total", "topic", TOPIC, "node_type", "broker",
                        "cluster", "DefaultCluster", "node_id", "broker-a"), scrape.text());
                assertEquals(bytes, scrape.value("rocketmq_throughput_in_total", "topic", TOPIC));
                // the official producer sends SEND_MESSAGE_V2: one answered request per message, each measured
                assertTrue(scrape.value("rocketmq_rpc_latency_count", "node_type", "broker",
                        "protocol_type", "remoting", "request_code", "send_message_v2", "response_code", "success")
                        >= 10, scrape.text());
                // SYNC_FLUSH: every acknowledged message was covered by a group-commit force
                assertTrue(scrape.value("apogee_group_commit_messages_total") >= 10, scrape.text());
                assertTrue(scrape.value("apogee_group_commit_fsyncs_total") >= 1);
                assertEquals(scrape.value("apogee_group_commit_fsyncs_total"),
                        scrape.value("apogee_group_commit_force_latency_count"));
                assertTrue(scrape.value("apogee_store_commitlog_bytes") > bytes);
                assertTrue(scrape.value("apogee_store_disk_used_ratio") > 0);
                assertEquals(1, scrape.value("apogee_store_writable"));
                assertTrue(scrape.value("rocketmq_storage_flush_behind_bytes") >= 0);
                assertTrue(scrape.value("rocketmq_storage_dispatch_behind_bytes") >= 0);
                assertTrue(scrape.value("jvm_memory_used_bytes") > 0, "JVM metrics are served");
                assertTrue(Double.isNaN(scrape.value("rocketmq_consumer_lag_messages", "consumer_group", GROUP)),
                        "a group that never consumed has no lag series");

                consumeAll(servers, 10);
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    MetricsScrape after = MetricsScrape.of(metricsPort);
                    assertTrue(after.value("rocketmq_messages_out_total", "topic", TOPIC, "consumer_group", GROUP)
                            >= 10, after.text());
                    assertTrue(after.value("rocketmq_throughput_out_total", "topic", TOPIC,
                            "consumer_group", GROUP) > bytes);
                    assertEquals(0, after.value("rocketmq_consumer_lag_messages", "topic", TOPIC,
                            "consumer_group", GROUP), after.text());
                    assertEquals(1, after.value("rocketmq_send_to_dlq_messages_total", "topic", TOPIC,
                            "consumer_group", GROUP), after.text());
                });

                send(producer, 5, "second-"); // nobody consumes these: the group's lag is exactly 5
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    MetricsScrape later = MetricsScrape.of(metricsPort);
                    assertEquals(15, later.value("rocketmq_messages_in_total", "topic", TOPIC));
                    assertEquals(5, later.value("rocketmq_consumer_lag_messages", "topic", TOPIC,
                            "consumer_group", GROUP), later.text());
                    assertEquals(0, later.value("rocketmq_consumer_inflight_messages", "topic", TOPIC,
                            "consumer_group", GROUP));
                });
            } finally {
                producer.shutdown();
            }
        }
    }

    /** Every metric the Grafana dashboard queries is in a scrape of a broker that saw this traffic. */
    private static void dashboardQueriesExistIn(MetricsScrape scrape) throws Exception {
        Map<?, ?> dashboard = GrafanaDashboard.read();
        assertTrue(((List<?>) dashboard.get("panels")).size() >= 10, "panels");
        Set<String> queried = GrafanaDashboard.queriedMetrics(dashboard);
        assertTrue(queried.contains("rocketmq_consumer_lag_messages") && queried.contains("jvm_memory_used_bytes"),
                queried.toString());
        Set<String> missing = new TreeSet<>(queried);
        missing.removeAll(scrape.names());
        assertTrue(missing.isEmpty(), "queried by the dashboard but not served: " + missing);
    }

    private static long send(DefaultMQProducer producer, int count, String prefix) throws Exception {
        long bytes = 0;
        for (int i = 0; i < count; i++) {
            byte[] body = (prefix + i + (i == 3 && prefix.startsWith("first") ? "-dlq" : ""))
                    .getBytes(StandardCharsets.UTF_8);
            bytes += body.length;
            assertEquals(SendStatus.SEND_OK, producer.send(new Message(TOPIC, "tag", body), 5_000).getSendStatus());
        }
        return bytes;
    }

    /** Consumes {@code count} messages with the official push consumer; the one marked "-dlq" goes to the DLQ. */
    private static void consumeAll(BrokerFixture servers, int count) throws Exception {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(GROUP);
        consumer.setNamesrvAddr(servers.namesrvAddress());
        consumer.setInstanceName("metrics-" + System.nanoTime());
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setPersistConsumerOffsetInterval(500);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            String body = new String(messages.get(0).getBody(), StandardCharsets.UTF_8);
            seen.add(body);
            if (body.endsWith("-dlq")) {
                context.setDelayLevelWhenNextConsume(-1); // RocketMQ's "straight to the dead-letter queue"
                return ConsumeConcurrentlyStatus.RECONSUME_LATER;
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> seen.size() == count);
            // the offsets reach the broker with the next pull or the periodic persist (every 500 ms here)
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertEquals(0,
                    MetricsScrape.of(servers.broker().metricsPort()).value("rocketmq_consumer_lag_messages",
                            "topic", TOPIC, "consumer_group", GROUP)));
            MetricsScrape online = MetricsScrape.of(servers.broker().metricsPort());
            assertEquals(1, online.value("rocketmq_consumer_connections", "consumer_group", GROUP), online.text());
            dashboardQueriesExistIn(online); // every series exists now: sends, deliveries, a DLQ move, a consumer
        } finally {
            consumer.shutdown();
        }
    }
}
