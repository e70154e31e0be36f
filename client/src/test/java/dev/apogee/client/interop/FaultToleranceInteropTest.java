package dev.apogee.client.interop;

import dev.apogee.anchor.ApacheRocketMq;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two brokers serve a topic; one is killed (kill -9) mid-run. Sync sends keep succeeding on the other broker,
 * async sends are all answered (retried on the other broker), and the dead broker is avoided for its back-off.
 */
@Tag("interop")
@Tag("slow")
@ExtendWith(ApacheServers.class)
class FaultToleranceInteropTest {
    private static final Logger LOG = LoggerFactory.getLogger(FaultToleranceInteropTest.class);

    @Test
    void sendsContinueOnTheSurvivingBrokerAndNoneIsLeftUnanswered() throws Exception {
        KillableBroker brokerB = startBrokerB();
        String topic = ApacheServers.unique("TFault");
        Producer producer = new Producer(ApacheServers.producerConfig(ApacheServers.unique("pgFault"))
                .setClientConfig(ApacheServers.client(ApacheServers.unique("fault"))));
        try (AdminClient admin = new AdminClient(ApacheServers.client(ApacheServers.unique("faultAdmin")))) {
            admin.start();
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
                admin.createTopic(topic, 4);
                return admin.route(topic).publishQueues().size() == 8;
            });
            producer.start();
            List<CompletableFuture<SendResult>> async = new CopyOnWriteArrayList<>();
            AtomicInteger syncOk = new AtomicInteger();
            List<String> brokersAfterKill = new CopyOnWriteArrayList<>();
            int total = 400;
            for (int i = 0; i < total; i++) {
                if (i == total / 4) {
                    brokerB.kill();
                    LOG.info("killed broker-b after {} sends", i);
                }
                async.add(producer.sendAsync(message(topic, "async-" + i)));
                SendResult result = producer.send(message(topic, "sync-" + i));
                syncOk.incrementAndGet();
                if (i > total / 4) {
                    brokersAfterKill.add(result.messageQueue().brokerName());
                }
            }
            assertEquals(total, syncOk.get(), "every sync send succeeded");
            CompletableFuture.allOf(async.stream().map(f -> f.exceptionally(e -> null))
                    .toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            long failedAsync = async.stream().filter(CompletableFuture::isCompletedExceptionally).count();
            LOG.info("async failures: {} of {}", failedAsync, total);
            assertTrue(async.stream().allMatch(CompletableFuture::isDone), "every async send answered");
            assertEquals(0, failedAsync, "async sends were retried on the surviving broker");
            assertTrue(brokersAfterKill.stream().allMatch("broker-a"::equals),
                    "after the kill only broker-a is used: " + brokersAfterKill.stream().distinct().toList());
            assertFalse(producer.faultTolerance().isAvailable("broker-b"), "broker-b is in its back-off");
        } finally {
            producer.shutdown();
        }
    }

    /** kill -9 of the second broker, whichever implementation serves this run. */
    private interface KillableBroker {
        void kill() throws InterruptedException;
    }

    private static KillableBroker startBrokerB() throws Exception {
        if (ApacheServers.servers() != null) {
            ApacheRocketMq.Broker broker = ApacheServers.servers().startBroker("broker-b", Map.of());
            return () -> broker.process().kill();
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(ApacheServers.apogee() != null,
                "needs the Apache anchor or our own servers");
        Process child = ApacheServers.apogee().startChildBroker("broker-b");
        return () -> {
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
        };
    }

    private static Message message(String topic, String body) {
        return new Message(topic, body.getBytes(StandardCharsets.UTF_8));
    }
}
