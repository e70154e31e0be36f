package dev.apogee.jms.api;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.MQBrokerException;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.consumer.PullConsumerConfig;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.producer.CoalescedSendStats;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendResult;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.TopicConfig;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coalesced sends against our broker, oneway (NON_PERSISTENT in JMS) and answered (a JMS send with a
 * CompletionListener): sends made while the connection is busy share batch requests, and neither they nor the other
 * sends of the same sender lose their order or a message.
 */
@Timeout(120)
class CoalescedSendTest {
    @RegisterExtension
    static final JmsBrokerExtension BROKER = new JmsBrokerExtension();
    private static final AtomicInteger SEQ = new AtomicInteger();

    private static String name(String base) {
        return "coalesce_" + base + "_" + SEQ.incrementAndGet();
    }

    /** Creates the topic of {@code name} through JMS (a producer on it), returning the queue. */
    private static String createTopic(String name) throws Exception {
        try (Connection c = BROKER.factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            s.createProducer(s.createQueue(name)).close();
        }
        return name;
    }

    @Test
    void nativeCoalescedSendsShareRequestsAndKeepTheirOrderAmongSyncAndAsyncSends() throws Exception {
        int total = 3_000;
        String topic = createTopic(name("native"));
        Producer producer = startProducer();
        int coalesced = 0;
        List<CompletableFuture<SendResult>> asyncSends = new ArrayList<>();
        try {
            for (int i = 0; i < total; i++) {
                dev.apogee.client.message.Message m = new dev.apogee.client.message.Message(topic,
                        ("m" + i).getBytes(StandardCharsets.UTF_8));
                m.putUserProperty("seq", Integer.toString(i));
                m.setWaitStoreMsgOK(false);
                if (i % 101 == 100) {
                    producer.send(m, 5_000, 0);
                } else if (i % 257 == 256) {
                    asyncSends.add(producer.sendAsync(m, 0, false));
                } else {
                    producer.sendOnewayCoalesced(m, 0);
                    coalesced++;
                }
            }
            for (CompletableFuture<SendResult> f : asyncSends) {
                assertNotNull(f.get(10, TimeUnit.SECONDS));
            }
            int coalescedSends = coalesced;
            waitUntil(() -> producer.coalescedSendStats().messages() == coalescedSends); // built when written
            assertEquals(coalesced, producer.coalescedSendStats().messages());
            assertShared(producer.coalescedSendStats());
        } finally {
            producer.shutdown();
        }

        List<MessageExt> read = readInQueueOrder(topic, total);
        for (int i = 0; i < total; i++) {
            MessageExt m = read.get(i);
            assertEquals(read.get(0).getQueueId(), m.getQueueId(), "one shard, one queue");
            assertEquals(Integer.toString(i), m.getUserProperty("seq"), "message at position " + i);
            assertEquals("m" + i, new String(m.getBody(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void nativeCoalescedAsyncSendsAreAnsweredOneByOneInOrderAmongTheOtherSends() throws Exception {
        int total = 3_000;
        String topic = createTopic(name("answered"));
        Producer producer = startProducer();
        List<dev.apogee.client.message.Message> answeredMessages = new ArrayList<>();
        List<CompletableFuture<SendResult>> answered = new ArrayList<>();
        List<Integer> answeredPositions = new ArrayList<>();
        try {
            for (int i = 0; i < total; i++) {
                dev.apogee.client.message.Message m = new dev.apogee.client.message.Message(topic,
                        ("m" + i).getBytes(StandardCharsets.UTF_8));
                m.putUserProperty("seq", Integer.toString(i));
                if (i % 199 == 198) {
                    producer.send(m, 5_000, 0);
                } else if (i % 97 == 96) {
                    m.setWaitStoreMsgOK(false);
                    producer.sendOnewayCoalesced(m, 0);
                } else {
                    answeredMessages.add(m);
                    answeredPositions.add(i);
                    answered.add(producer.sendAsyncCoalesced(m, 0));
                }
            }
            long firstOffset = -1;
            for (int i = 0; i < answered.size(); i++) {
                SendResult result = answered.get(i).get(30, TimeUnit.SECONDS);
                assertEquals(answeredMessages.get(i).getProperty("UNIQ_KEY"), result.msgId());
                assertNotNull(result.offsetMsgId(), "its own offset message id");
                if (i == 0) {
                    firstOffset = result.queueOffset() - answeredPositions.get(0);
                }
                assertEquals(firstOffset + answeredPositions.get(i), result.queueOffset(),
                        "the queue offset of the message sent at position " + answeredPositions.get(i));
            }
            assertShared(producer.coalescedSendStats());
        } finally {
            producer.shutdown();
        }
        List<MessageExt> read = readInQueueOrder(topic, total);
        for (int i = 0; i < total; i++) {
            assertEquals(Integer.toString(i), read.get(i).getUserProperty("seq"), "message at position " + i);
        }
    }

    @Test
    void aBatchTheBrokerRefusesFailsEveryMessageItCarriedAndTheLaneGoesOn() throws Exception {
        String topic = createTopic(name("refused"));
        Producer producer = startProducer();
        try (AdminClient admin = new AdminClient(new ClientConfig().setNamesrvAddress(BROKER.namesrvAddress())
                .setInstanceName("coalesce-admin-" + SEQ.incrementAndGet()))) {
            admin.start();
            producer.send(nativeMessage(topic, "before"), 5_000, 0); // the producer holds the writable route now
            TopicRouteInfo route = admin.route(topic);
            int queues = route.publishQueues().size();
            String broker = route.masterAddress(route.publishQueues().get(0).brokerName());
            admin.createTopic(broker, new TopicConfig(topic, queues, queues, PermName.PERM_READ));
            long requestsBefore = producer.coalescedSendStats().requests();
            List<CompletableFuture<SendResult>> refused = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                refused.add(producer.sendAsyncCoalesced(nativeMessage(topic, "r" + i), 0));
            }
            for (CompletableFuture<SendResult> f : refused) {
                ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(30, TimeUnit.SECONDS));
                MQBrokerException refusal = assertInstanceOf(MQBrokerException.class, e.getCause());
                assertEquals(ResponseCode.NO_PERMISSION, refusal.responseCode(), refusal.getMessage());
            }
            assertTrue(producer.coalescedSendStats().requests() > requestsBefore, "sent as coalesced requests");

            admin.createTopic(broker, new TopicConfig(topic, queues, queues, PermName.PERM_READ | PermName.PERM_WRITE));
            assertNotNull(producer.sendAsyncCoalesced(nativeMessage(topic, "after"), 0).get(30, TimeUnit.SECONDS));
        } finally {
            producer.shutdown();
        }
        List<MessageExt> read = readInQueueOrder(topic, 2);
        assertEquals(List.of("before", "after"), read.stream()
                .map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).toList(), "nothing refused was stored");
    }

    @Test
    void aSessionsAsyncSendsCompleteInOrderAndArriveInOrder() throws Exception {
        int total = 2_000;
        try (Connection c = BROKER.factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = s.createQueue(name("async"));
            MessageConsumer consumer = s.createConsumer(queue);
            MessageProducer p = s.createProducer(queue);
            List<String> completed = java.util.Collections.synchronizedList(new ArrayList<>());
            AtomicInteger failed = new AtomicInteger();
            CompletionListener listener = new CompletionListener() {
                @Override
                public void onCompletion(Message message) {
                    try {
                        completed.add(((TextMessage) message).getText());
                    } catch (jakarta.jms.JMSException e) {
                        failed.incrementAndGet();
                    }
                }

                @Override
                public void onException(Message message, Exception exception) {
                    failed.incrementAndGet();
                }
            };
            for (int i = 0; i < total; i++) {
                p.send(s.createTextMessage("m" + i), listener);
            }
            waitUntil(() -> completed.size() + failed.get() == total);
            assertEquals(0, failed.get());
            for (int i = 0; i < total; i++) {
                assertEquals("m" + i, completed.get(i), "completions run in send order");
            }
            c.start();
            for (int i = 0; i < total; i++) {
                Message m = consumer.receive(10_000);
                assertNotNull(m, "message " + i + " missing");
                assertEquals("m" + i, ((TextMessage) m).getText());
            }
        }
    }

    @Test
    void oneSessionsNonPersistentPersistentAndAsyncSendsArriveInTheOrderSent() throws Exception {
        int total = 1_000;
        try (Connection c = BROKER.factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = s.createQueue(name("jms"));
            MessageConsumer consumer = s.createConsumer(queue);
            MessageProducer p = s.createProducer(queue);
            AtomicInteger completed = new AtomicInteger();
            CompletionListener listener = new CompletionListener() {
                @Override
                public void onCompletion(Message message) {
                    completed.incrementAndGet();
                }

                @Override
                public void onException(Message message, Exception exception) {
                }
            };
            int async = 0;
            for (int i = 0; i < total; i++) {
                TextMessage m = s.createTextMessage("m" + i);
                if (i % 75 == 74) {
                    p.send(m, listener);
                    async++;
                } else {
                    p.send(m, i % 50 == 49 ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT,
                            Message.DEFAULT_PRIORITY, 0);
                }
            }
            c.start();
            for (int i = 0; i < total; i++) {
                Message m = consumer.receive(10_000);
                assertNotNull(m, "message " + i + " missing");
                assertEquals("m" + i, ((TextMessage) m).getText());
            }
            int expectedAsync = async;
            waitUntil(() -> completed.get() == expectedAsync);
        }
    }

    @Test
    void nonPersistentSendsRightBeforeCloseAreAllDelivered() throws Exception {
        int total = 2_000;
        String queueName = name("close");
        try (Connection consumerConnection = BROKER.factory().createConnection()) {
            Session cs = consumerConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = cs.createConsumer(cs.createQueue(queueName));
            Connection c = BROKER.factory().createConnection();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(s.createQueue(queueName));
            p.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            for (int i = 0; i < total; i++) {
                p.send(s.createTextMessage("m" + i));
            }
            c.close();
            consumerConnection.start();
            for (int i = 0; i < total; i++) {
                Message m = consumer.receive(10_000);
                assertNotNull(m, "message " + i + " of " + total + " missing after the sender closed");
                assertEquals("m" + i, ((TextMessage) m).getText());
            }
        }
    }

    private static dev.apogee.client.message.Message nativeMessage(String topic, String body) {
        return new dev.apogee.client.message.Message(topic, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertShared(CoalescedSendStats stats) {
        assertTrue(stats.requests() < stats.messages(), "sends made while the connection was busy should have shared "
                + "requests: " + stats);
    }

    /** All {@code expected} messages of {@code topic}, by queue and offset. */
    private static List<MessageExt> readInQueueOrder(String topic, int expected) throws Exception {
        List<MessageExt> read = readAll(topic, expected);
        read.sort(Comparator.comparingInt(MessageExt::getQueueId).thenComparingLong(MessageExt::getQueueOffset));
        assertEquals(expected, read.size());
        return read;
    }

    private static Producer startProducer() throws Exception {
        Producer producer = new Producer(new ProducerConfig("coalesce_p_" + SEQ.incrementAndGet())
                .setClientConfig(new ClientConfig().setNamesrvAddress(BROKER.namesrvAddress())
                        .setInstanceName("coalesce-p-" + SEQ.incrementAndGet())));
        producer.start();
        return producer;
    }

    private static List<MessageExt> readAll(String topic, int expected) throws Exception {
        PullConsumer consumer = new PullConsumer(new PullConsumerConfig("coalesce_c_" + SEQ.incrementAndGet())
                .setClientConfig(new ClientConfig().setNamesrvAddress(BROKER.namesrvAddress())
                        .setInstanceName("coalesce-c-" + SEQ.incrementAndGet()))
                .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET));
        consumer.subscribe(topic, "*");
        consumer.start();
        try {
            List<MessageExt> got = new ArrayList<>();
            long deadline = System.currentTimeMillis() + 30_000;
            while (got.size() < expected && System.currentTimeMillis() < deadline) {
                got.addAll(consumer.poll(200));
            }
            return got;
        } finally {
            consumer.shutdown();
        }
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (!condition.getAsBoolean() && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(condition.getAsBoolean(), "condition not met within 10 s");
    }
}
