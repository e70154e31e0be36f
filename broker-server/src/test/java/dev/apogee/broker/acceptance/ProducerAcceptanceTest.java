package dev.apogee.broker.acceptance;

import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageId;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

import static dev.apogee.broker.acceptance.OfficialClients.body;
import static dev.apogee.broker.acceptance.OfficialClients.bytes;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code DefaultMQProducer} sync, async, oneway and batch sends against our broker, with every SendResult field. */
class ProducerAcceptanceTest {
    @TempDir
    static Path dir;
    private static AcceptanceServers servers;
    private static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        servers = AcceptanceServers.start(dir);
        producer = OfficialClients.producer(servers.namesrvAddress(), "pg-acceptance");
        producer.start();
    }

    @AfterAll
    static void stop() {
        if (producer != null) {
            producer.shutdown();
        }
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void syncSendResultsCarryUniqKeyOffsetIdAndConsecutiveQueueOffsets() throws Exception {
        String topic = OfficialClients.unique("SyncTopic");
        List<SendResult> results = new ArrayList<>();
        long previousCommitLogOffset = -1;
        for (int i = 0; i < 40; i++) {
            Message message = new Message(topic, "TagA", "key-" + i, bytes("sync-" + i));
            SendResult result = producer.send(message);
            assertEquals(SendStatus.SEND_OK, result.getSendStatus());
            assertEquals(MessageClientIDSetter.getUniqID(message), result.getMsgId(), "msgId is the UNIQ_KEY");
            long commitLogOffset = assertOffsetMsgIdIsOurs(result.getOffsetMsgId());
            assertTrue(commitLogOffset > previousCommitLogOffset, "commit-log offsets grow with each sync send");
            previousCommitLogOffset = commitLogOffset;
            assertEquals(topic, result.getMessageQueue().getTopic());
            assertEquals(AcceptanceServers.BROKER_NAME, result.getMessageQueue().getBrokerName());
            assertEquals("DefaultRegion", result.getRegionId());
            results.add(result);
        }
        assertConsecutivePerQueue(results, 0);
        assertTrue(results.stream().map(r -> r.getMessageQueue().getQueueId()).distinct().count() > 1,
                "sends spread over the queues");
    }

    @Test
    void asyncSendsAllCompleteWithDistinctIdsAndConsecutiveQueueOffsets() throws Exception {
        String topic = OfficialClients.unique("AsyncTopic");
        producer.send(new Message(topic, bytes("create-topic")));
        ConcurrentLinkedQueue<SendResult> results = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Message message = new Message(topic, "TagA", bytes("async-" + i));
            messages.add(message);
            producer.send(message, new SendCallback() {
                @Override
                public void onSuccess(SendResult sendResult) {
                    results.add(sendResult);
                }

                @Override
                public void onException(Throwable e) {
                    failures.add(e);
                }
            });
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> results.size() + failures.size() == 100);
        assertTrue(failures.isEmpty(), () -> "async failures: " + failures);
        Set<String> uniqKeys = messages.stream().map(MessageClientIDSetter::getUniqID).collect(Collectors.toSet());
        assertEquals(uniqKeys, results.stream().map(SendResult::getMsgId).collect(Collectors.toSet()));
        Set<Long> commitLogOffsets = new HashSet<>();
        for (SendResult result : results) {
            assertEquals(SendStatus.SEND_OK, result.getSendStatus());
            commitLogOffsets.add(assertOffsetMsgIdIsOurs(result.getOffsetMsgId()));
        }
        assertEquals(100, commitLogOffsets.size(), "every message has its own commit-log offset");
        List<SendResult> all = new ArrayList<>(results);
        assertConsecutivePerQueue(all, 1);
    }

    @Test
    void onewaySendsAreAllStored() throws Exception {
        String topic = OfficialClients.unique("OnewayTopic");
        producer.send(new Message(topic, bytes("create-topic")));
        Set<String> sent = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            producer.sendOneway(new Message(topic, bytes("oneway-" + i)));
            sent.add("oneway-" + i);
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> OfficialClients.readAll(servers.namesrvAddress(), topic)
                .size() == 51);
        Set<String> stored = OfficialClients.readAll(servers.namesrvAddress(), topic).stream()
                .map(OfficialClients::body).collect(Collectors.toSet());
        assertTrue(stored.containsAll(sent));
    }

    @Test
    void batchSendsReturnJoinedIdsAndConsecutiveOffsets() throws Exception {
        String topic = OfficialClients.unique("BatchTopic");
        List<Message> first = batch(topic, "a", 10);
        SendResult firstResult = producer.send(first);
        assertEquals(SendStatus.SEND_OK, firstResult.getSendStatus());
        assertEquals(first.stream().map(MessageClientIDSetter::getUniqID).collect(Collectors.joining(",")),
                firstResult.getMsgId(), "batch msgId = the inner UNIQ_KEYs, comma-joined");
        String[] offsetIds = firstResult.getOffsetMsgId().split(",");
        assertEquals(10, offsetIds.length);
        long previous = -1;
        for (String offsetId : offsetIds) {
            long offset = assertOffsetMsgIdIsOurs(offsetId);
            assertTrue(offset > previous, "batch members are stored in order");
            previous = offset;
        }
        MessageQueue queue = firstResult.getMessageQueue();
        SendResult secondResult = producer.send(batch(topic, "b", 10), queue);
        assertEquals(queue, secondResult.getMessageQueue());
        assertEquals(firstResult.getQueueOffset() + 10, secondResult.getQueueOffset(),
                "the next batch on the queue starts right after the first");

        // a send returns once stored; the queue's max offset moves when the dispatch thread has indexed it
        List<MessageExt> stored = await("both batches dispatched").atMost(Duration.ofSeconds(15))
                .until(() -> OfficialClients.readAll(servers.namesrvAddress(), topic), all -> all.size() >= 20);
        assertEquals(20, stored.size());
        Map<Long, String> byOffset = new TreeMap<>();
        stored.forEach(m -> byOffset.put(m.getQueueOffset(), body(m)));
        assertEquals(List.of("a-0", "a-1", "a-2", "a-3", "a-4", "a-5", "a-6", "a-7", "a-8", "a-9",
                "b-0", "b-1", "b-2", "b-3", "b-4", "b-5", "b-6", "b-7", "b-8", "b-9"), new ArrayList<>(byOffset.values()));
        assertEquals(firstResult.getQueueOffset(), byOffset.keySet().iterator().next());
        assertEquals(Arrays.asList(firstResult.getMsgId().split(",")),
                stored.stream().filter(m -> body(m).startsWith("a-")).sorted((x, y) -> Long.compare(
                        x.getQueueOffset(), y.getQueueOffset())).map(MessageExt::getMsgId).toList(),
                "consumers see the UNIQ_KEY as msgId");
    }

    private static List<Message> batch(String topic, String prefix, int size) {
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            messages.add(new Message(topic, "TagA", bytes(prefix + "-" + i)));
        }
        return messages;
    }

    /** The offset message id names our broker's address; returns the commit-log offset inside it. */
    private static long assertOffsetMsgIdIsOurs(String offsetMsgId) throws Exception {
        MessageId id = MessageDecoder.decodeMessageId(offsetMsgId);
        InetSocketAddress address = (InetSocketAddress) id.getAddress();
        assertEquals(servers.brokerAddress(), address.getAddress().getHostAddress() + ":" + address.getPort());
        assertTrue(id.getOffset() >= 0);
        return id.getOffset();
    }

    /** Per queue, the queue offsets are firstOffset, firstOffset+1, … without gaps or repeats. */
    private static void assertConsecutivePerQueue(Collection<SendResult> results, long firstOffset) {
        Map<Integer, List<Long>> perQueue = new TreeMap<>();
        for (SendResult result : results) {
            perQueue.computeIfAbsent(result.getMessageQueue().getQueueId(), q -> new ArrayList<>())
                    .add(result.getQueueOffset());
        }
        for (Map.Entry<Integer, List<Long>> entry : perQueue.entrySet()) {
            List<Long> offsets = entry.getValue().stream().sorted().toList();
            long start = offsets.get(0);
            assertTrue(start <= firstOffset, "queue " + entry.getKey() + " starts at " + start);
            for (int i = 0; i < offsets.size(); i++) {
                assertEquals(start + i, offsets.get(i), "queue " + entry.getKey() + " offsets " + offsets);
            }
        }
    }
}
