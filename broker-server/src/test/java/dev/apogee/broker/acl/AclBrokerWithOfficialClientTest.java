package dev.apogee.broker.acl;

import dev.apogee.anchor.ApacheRocketMq;
import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The acceptance test of the ACL: our broker with {@code aclEnable=true}, the official 5.3.3 name server, and the
 * official producer and push consumer signing with {@code AclClientRPCHook}.
 */
@Tag("slow")
class AclBrokerWithOfficialClientTest {
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    @TempDir
    static Path dir;
    private static ApacheRocketMq namesrv;
    private static Broker broker;
    private static Path aclFile;

    static String rules(String reloadTopicPerm) {
        return """
                accounts:
                  - accessKey: ak-app
                    secretKey: sk-app-secret
                    defaultTopicPerm: DENY
                    defaultGroupPerm: SUB
                    topicPerms:
                      - AclTopic=PUB|SUB
                      - ReadOnlyTopic=SUB
                      - WarmupTopic=PUB
                  - accessKey: ak-pinned
                    secretKey: sk-pinned-secret
                    allowedRemoteAddresses: 10.9.9.*
                    defaultTopicPerm: PUB|SUB
                  - accessKey: ak-reload
                    secretKey: sk-reload-secret
                    topicPerms:
                      - ReloadTopic=%s
                """.formatted(reloadTopicPerm);
    }

    @BeforeAll
    static void start() throws Exception {
        namesrv = ApacheRocketMq.startNamesrv(dir.resolve("rmq"));
        aclFile = dir.resolve("plain_acl.yml");
        Files.writeString(aclFile, rules("DENY"));
        BrokerConfig config = new BrokerConfig();
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        config.setNamesrvAddr(namesrv.namesrvAddress());
        config.setStorePathRootDir(dir.resolve("store").toString());
        config.setMappedFileSizeCommitLog(16 * 1024 * 1024);
        config.setAclEnable(true);
        config.setAclConfigFile(aclFile.toString());
        config.setAclReloadIntervalMillis(200);
        broker = new Broker(config);
        broker.start();
        // Sends only route once the broker's registration reached the name server (TBW102 for new topics).
        DefaultMQProducer warmup = producer("ak-app", "sk-app-secret");
        try {
            await().atMost(Duration.ofSeconds(60)).ignoreExceptions()
                    .until(() -> warmup.send(message("WarmupTopic")).getSendStatus() == SendStatus.SEND_OK);
        } finally {
            warmup.shutdown();
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.shutdown();
        }
        if (namesrv != null) {
            namesrv.close();
        }
    }

    private static DefaultMQProducer producer(String accessKey, String secretKey) throws MQClientException {
        DefaultMQProducer producer = accessKey == null ? new DefaultMQProducer("pg-acl")
                : new DefaultMQProducer("pg-acl", new AclClientRPCHook(new SessionCredentials(accessKey, secretKey)));
        producer.setNamesrvAddr(namesrv.namesrvAddress());
        producer.setInstanceName("acl-p-" + INSTANCES.incrementAndGet()); // one client instance (and hook) each
        producer.setSendMsgTimeout(5000);
        producer.start();
        return producer;
    }

    private static Message message(String topic) {
        return new Message(topic, "TagA", "acl".getBytes(StandardCharsets.UTF_8));
    }

    /** Sends and expects the broker's NO_PERMISSION; returns the remark the client got. */
    private static String refusedSend(DefaultMQProducer producer, String topic) {
        Exception e = assertThrows(Exception.class, () -> producer.send(message(topic)));
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof MQBrokerException refusal) {
                assertEquals(16, refusal.getResponseCode(), refusal.toString());
                return refusal.getErrorMessage();
            }
        }
        throw new AssertionError("no MQBrokerException in the cause chain", e);
    }

    @Test
    void rightKeysSendAndConsume() throws Exception {
        DefaultMQProducer producer = producer("ak-app", "sk-app-secret");
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("cg-acl",
                new AclClientRPCHook(new SessionCredentials("ak-app", "sk-app-secret")),
                new AllocateMessageQueueAveragely());
        consumer.setNamesrvAddr(namesrv.namesrvAddress());
        consumer.setInstanceName("acl-c-" + INSTANCES.incrementAndGet());
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        Set<String> received = ConcurrentHashMap.newKeySet();
        try {
            for (int i = 0; i < 5; i++) {
                Message message = new Message("AclTopic", "TagA", ("m" + i).getBytes(StandardCharsets.UTF_8));
                assertEquals(SendStatus.SEND_OK, producer.send(message).getSendStatus());
            }
            consumer.subscribe("AclTopic", "*");
            consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
                msgs.forEach(m -> received.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
            consumer.start();
            await().atMost(Duration.ofSeconds(60)).until(() -> received.containsAll(Set.of("m0", "m1", "m2", "m3",
                    "m4")));
        } finally {
            consumer.shutdown();
            producer.shutdown();
        }
    }

    @Test
    void wrongSecretOrNoSignatureIsRefused() throws Exception {
        DefaultMQProducer wrong = producer("ak-app", "sk-not-the-secret");
        DefaultMQProducer unsigned = producer(null, null);
        try {
            String remark = refusedSend(wrong, "AclTopic");
            assertTrue(remark.contains("[ACL] signature check failed for accessKey=ak-app"), remark);
            assertFalse(remark.contains("sk-"), remark);
            assertTrue(refusedSend(unsigned, "AclTopic").contains("no AccessKey"));
        } finally {
            wrong.shutdown();
            unsigned.shutdown();
        }
    }

    @Test
    void accountWithoutPubOnTheTopicIsRefused() throws Exception {
        DefaultMQProducer producer = producer("ak-app", "sk-app-secret");
        try {
            String remark = refusedSend(producer, "ReadOnlyTopic");
            assertTrue(remark.contains("accessKey=ak-app has no PUB permission on topic:ReadOnlyTopic"), remark);
            assertTrue(refusedSend(producer, "UnlistedTopic").contains("topic:UnlistedTopic"),
                    "default topic permission DENY");
        } finally {
            producer.shutdown();
        }
    }

    @Test
    void accountFromAnAddressOutsideItsListIsRefused() throws Exception {
        DefaultMQProducer producer = producer("ak-pinned", "sk-pinned-secret");
        try {
            String remark = refusedSend(producer, "AclTopic");
            assertTrue(remark.contains("accessKey=ak-pinned is not allowed from address 127.0.0.1"), remark);
        } finally {
            producer.shutdown();
        }
    }

    @Test
    void editingTheFileChangesPermissionsWithoutRestart() throws Exception {
        DefaultMQProducer producer = producer("ak-reload", "sk-reload-secret");
        try {
            assertTrue(refusedSend(producer, "ReloadTopic").contains("no PUB permission on topic:ReloadTopic"));
            Files.writeString(aclFile, rules("PUB"));
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions()
                    .until(() -> producer.send(message("ReloadTopic")).getSendStatus() == SendStatus.SEND_OK);
            Files.writeString(aclFile, rules("DENY"));
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                try {
                    producer.send(message("ReloadTopic"));
                    return false;
                } catch (MQBrokerException | MQClientException e) {
                    return true;
                }
            });
        } finally {
            producer.shutdown();
        }
    }
}
