package dev.apogee.client.interop;

import dev.apogee.client.message.Message;
import dev.apogee.client.message.OffsetMessageId;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.QueueSelector;
import dev.apogee.client.producer.SendCallback;
import dev.apogee.client.producer.SendResult;
import dev.apogee.client.producer.SendStatus;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Our producer against the official broker; what it wrote is read back with the official consumer. */
@Tag("interop")
@Tag("slow")
@ExtendWith(ApacheServers.class)
class ProducerInteropTest {
    private static Producer producer;

    @BeforeAll
    static void start() throws Exception {
        producer = new Producer(ApacheServers.producerConfig(ApacheServers.unique("pg"))
                .setClientConfig(ApacheServers.client(ApacheServers.unique("producer"))));
        producer.start();
    }

    @AfterAll
    static void stop() {
        producer.shutdown();
    }

    @Test
    void syncSendFillsEverySendResultField() throws Exception {
        String topic = ApacheServers.unique("TSync");
        Message message = new Message(topic, "TagA", "key-1", "hello-sync".getBytes(StandardCharsets.UTF_8));
        message.putUserProperty("color", "red");
        SendResult result = producer.send(message);
        assertEquals(SendStatus.SEND_OK, result.status());
        assertEquals(32, result.msgId().length());
        assertEquals(result.msgId(), result.transactionId(), "the broker echoes the UNIQ_KEY as transaction id");
        String brokerAddress = producer.publishQueues(topic).isEmpty() ? null
                : ApacheServers.brokerAddress(result.messageQueue().brokerName());
        assertEquals(brokerAddress, OffsetMessageId.decode(result.offsetMsgId()).storeAddress());
        assertEquals(topic, result.messageQueue().topic());
        assertEquals(0, result.queueOffset());
        if (ApacheServers.EXTERNAL_NAMESRV == null) {
            assertEquals(ApacheServers.AGAINST_APOGEE, result.orderedBroker(),
                    "only an Apogee broker says it keeps pipelined sends in order");
        }

        MessageExt read = OfficialClients.readAll(topic, 1).get(0);
        assertEquals(result.msgId(), read.getMsgId());
        assertEquals(result.offsetMsgId(), org.apache.rocketmq.common.message.MessageDecoder.createMessageId(
                read.getStoreHost(), read.getCommitLogOffset()));
        assertEquals("TagA", read.getTags());
        assertEquals("key-1", read.getKeys());
        assertEquals("red", read.getUserProperty("color"));
        assertEquals("hello-sync", new String(read.getBody(), StandardCharsets.UTF_8));
    }

    @Test
    void asyncOnewayBatchAndCompressedSendsArriveIntact() throws Exception {
        String topic = ApacheServers.unique("TModes");
        CompletableFuture<SendResult> future = producer.sendAsync(message(topic, "async-future"));
        CountDownLatch callbackDone = new CountDownLatch(1);
        AtomicReference<SendResult> callbackResult = new AtomicReference<>();
        producer.sendAsync(message(topic, "async-callback"), new SendCallback() {
            @Override
            public void onSuccess(SendResult result) {
                callbackResult.set(result);
                callbackDone.countDown();
            }

            @Override
            public void onException(Throwable error) {
                callbackDone.countDown();
            }
        });
        assertEquals(SendStatus.SEND_OK, future.get(10, TimeUnit.SECONDS).status());
        assertTrue(callbackDone.await(10, TimeUnit.SECONDS));
        assertEquals(SendStatus.SEND_OK, callbackResult.get().status());
        producer.sendOneway(message(topic, "oneway"));

        List<Message> batch = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            batch.add(message(topic, "batch-" + i));
        }
        SendResult batchResult = producer.send(batch);
        assertEquals(5, batchResult.msgId().split(",").length);
        assertEquals(5, batchResult.offsetMsgId().split(",").length);

        byte[] big = "compress-me ".repeat(1000).getBytes(StandardCharsets.UTF_8);
        Message compressed = new Message(topic, big);
        producer.send(compressed);

        List<MessageExt> read = OfficialClients.readAll(topic, 9);
        Map<String, MessageExt> byBody = new HashMap<>();
        read.forEach(m -> byBody.put(new String(m.getBody(), StandardCharsets.UTF_8), m));
        for (String body : List.of("async-future", "async-callback", "oneway", "batch-0", "batch-4")) {
            assertTrue(byBody.containsKey(body), "missing " + body + " in " + byBody.keySet());
        }
        assertArrayEquals(big, byBody.get(new String(big, StandardCharsets.UTF_8)).getBody());
        assertEquals(9, read.size());
        long firstBatchOffset = byBody.get("batch-0").getQueueOffset();
        assertEquals(firstBatchOffset + 4, byBody.get("batch-4").getQueueOffset(), "batch offsets are consecutive");
    }

    @Test
    void coalescedOnewaySendsAreAllStoredByTheBroker() throws Exception {
        String topic = ApacheServers.unique("TCoalesce");
        producer.send(message(topic, "first")); // creates the topic
        int coalesced = 500;
        for (int i = 0; i < coalesced; i++) {
            Message m = message(topic, "c-" + i);
            m.putUserProperty("seq", Integer.toString(i));
            producer.sendOnewayCoalesced(m, 0);
        }
        List<MessageExt> read = OfficialClients.readAll(topic, coalesced + 1);
        Set<String> bodies = new HashSet<>();
        for (MessageExt m : read) {
            String body = new String(m.getBody(), StandardCharsets.UTF_8);
            bodies.add(body);
            if (body.startsWith("c-")) {
                assertEquals(body.substring(2), m.getUserProperty("seq"));
            }
        }
        assertEquals(coalesced + 1, read.size());
        assertEquals(coalesced + 1, bodies.size(), "every message once");
    }

    @Test
    void coalescedAsyncSendsAreEachAnsweredWithTheirOwnResult() throws Exception {
        String topic = ApacheServers.unique("TCoalesceAsync");
        producer.send(message(topic, "first")); // creates the topic
        int sends = 500;
        List<Message> messages = new ArrayList<>();
        List<CompletableFuture<SendResult>> results = new ArrayList<>();
        for (int i = 0; i < sends; i++) {
            Message m = message(topic, "a-" + i);
            messages.add(m);
            results.add(producer.sendAsyncCoalesced(m, 0));
        }
        Map<String, SendResult> byKey = new HashMap<>();
        for (int i = 0; i < sends; i++) {
            SendResult result = results.get(i).get(30, TimeUnit.SECONDS);
            assertEquals(SendStatus.SEND_OK, result.status());
            assertEquals(messages.get(i).getProperty("UNIQ_KEY"), result.msgId());
            byKey.put(result.msgId(), result);
        }
        assertEquals(sends, byKey.size(), "one result per message");
        assertTrue(producer.coalescedSendStats().requests() <= producer.coalescedSendStats().messages());
        List<MessageExt> read = OfficialClients.readAll(topic, sends + 1);
        assertEquals(sends + 1, read.size());
        for (MessageExt m : read) {
            SendResult result = byKey.get(m.getMsgId());
            if (result != null) {
                assertEquals(m.getQueueOffset(), result.queueOffset(), "the offset reported for " + m.getMsgId());
                assertEquals(m.getQueueId(), result.messageQueue().queueId());
            }
        }
    }

    @Test
    void selectorKeepsOneKeyInOneQueueInOrder() throws Exception {
        String topic = ApacheServers.unique("TOrder");
        List<SendResult> results = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            results.add(producer.send(message(topic, "o-" + i), QueueSelector.byHash(), "order-42"));
        }
        for (int i = 1; i < 10; i++) {
            assertEquals(results.get(0).messageQueue(), results.get(i).messageQueue());
            assertEquals(results.get(i - 1).queueOffset() + 1, results.get(i).queueOffset());
        }
    }

    @Test
    void delayLevelMessageIsDeliveredLater() throws Exception {
        String topic = ApacheServers.unique("TDelay");
        Message message = message(topic, "delayed");
        message.setDelayTimeLevel(2);
        long sent = System.currentTimeMillis();
        producer.send(message);
        MessageExt read = OfficialClients.readAll(topic, 1).get(0);
        assertEquals("delayed", new String(read.getBody(), StandardCharsets.UTF_8));
        assertTrue(read.getStoreTimestamp() >= sent + 900, "stored in the real topic after the delay");
    }

    @Test
    void timerMessageIsDeliveredAtItsTime() throws Exception {
        String topic = ApacheServers.unique("TTimer");
        producer.send(message(topic, "warmup"));
        Message message = message(topic, "timed");
        long deliverAt = System.currentTimeMillis() + 3_000;
        message.setDeliverTimeMs(deliverAt);
        producer.send(message);
        MessageExt read = OfficialClients.readAll(topic, 2).stream()
                .filter(m -> new String(m.getBody(), StandardCharsets.UTF_8).equals("timed")).findFirst().orElseThrow();
        assertTrue(read.getStoreTimestamp() >= deliverAt - 1_000, "stored in the real topic at its time");
    }

    private static Message message(String topic, String body) {
        return new Message(topic, body.getBytes(StandardCharsets.UTF_8));
    }
}
