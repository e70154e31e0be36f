package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.fixture.BrokerFixture;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.broker.transaction.TransactionDecisions;
import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.GetResult;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.MessageStore;
import dev.apogee.remoting.protocol.body.BranchBody;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A locally committed branch (BRANCH_COMMIT_LOCAL) stores its messages straight into their topics, in one atomic
 * group with its decision: every message lands in its own topic and queue, in the branch's order within the queue,
 * with consecutive queue offsets; a delayed message goes to the schedule topic instead; no half and no op record is
 * written. A branch of halves committed by a decision is materialized with one op record naming every half (a
 * restarted check service learns from it that the halves are decided).
 */
class BranchMaterializationTest {
    private static final String GROUP = "branch-pg";

    @TempDir
    Path dir;
    BrokerFixture servers;

    @AfterEach
    void stop() throws Exception {
        if (servers != null) {
            servers.close();
        }
    }

    private record Entry(String topic, int queueId, String body, String uniqueKey, boolean delayed) {
    }

    @Test
    void localCommitStoresMessagesOfSeveralQueuesInOrderWithoutHalvesOrOpRecords() throws Exception {
        servers = BrokerFixture.start(dir, c -> { });
        String first = "mat-a-" + System.nanoTime();
        String second = "mat-b-" + System.nanoTime();
        createTopic(first, 3);
        createTopic(second, 2);
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String topic = i % 2 == 0 ? first : second;
            int queueId = i % (topic.equals(first) ? 3 : 2);
            entries.add(new Entry(topic, queueId, "m" + i, key(), false));
        }
        entries.add(new Entry(first, 1, "later", key(), true));

        RemotingCommand response = call(localCommit("L:" + UUID.randomUUID(), entries));
        assertEquals(ResponseCode.SUCCESS, response.code(), response.remark());

        for (String topic : List.of(first, second)) {
            List<Entry> expected = entries.stream().filter(e -> e.topic().equals(topic) && !e.delayed()).toList();
            Map<Integer, List<String>> expectedByQueue = new LinkedHashMap<>();
            expected.forEach(e -> expectedByQueue.computeIfAbsent(e.queueId(), q -> new ArrayList<>()).add(e.body()));
            List<MessageExt> read = servers.readAll(topic, expected.size(), Duration.ofSeconds(10));
            assertEquals(expected.size(), read.size(), "messages of " + topic + " (the delayed one must not be there)");
            Map<Integer, List<String>> readByQueue = new LinkedHashMap<>();
            read.stream().sorted(Comparator.comparingInt(MessageExt::getQueueId)
                            .thenComparingLong(MessageExt::getQueueOffset))
                    .forEach(m -> {
                        List<String> bodies = readByQueue.computeIfAbsent(m.getQueueId(), q -> new ArrayList<>());
                        assertEquals(bodies.size(), m.getQueueOffset(), "queue offsets of " + topic + "/"
                                + m.getQueueId() + " are consecutive from 0");
                        bodies.add(new String(m.getBody(), StandardCharsets.UTF_8));
                    });
            assertEquals(new java.util.TreeMap<>(expectedByQueue), new java.util.TreeMap<>(readByQueue));
        }

        BrokerConfig config = servers.config();
        servers.stopBroker();
        MessageStore store = BrokerFixture.openStoreOf(config);
        try {
            store.start();
            assertTrue(readQueue(store, TopicValidator.TRANS_HALF_TOPIC).isEmpty(), "no half is stored");
            assertTrue(readQueue(store, TopicValidator.TRANS_OP_HALF_TOPIC).isEmpty(), "no op record is stored");
            List<StoredMessage> scheduled = readQueue(store, TopicValidator.SCHEDULE_TOPIC);
            assertEquals(List.of("later"), scheduled.stream()
                    .map(m -> new String(m.body(), StandardCharsets.UTF_8)).toList());
        } finally {
            store.shutdown();
        }
    }

    /** A branch of halves committed by a one-phase prepare: its messages land, and one op record names every half. */
    @Test
    void committedHalvesAreNamedByOneOpRecord() throws Exception {
        servers = BrokerFixture.start(dir, c -> { });
        String topic = "halves-" + System.nanoTime();
        createTopic(topic, 2);
        String branchId = "L:" + UUID.randomUUID();
        List<BranchBody.Half> halves = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        DefaultMQProducer producer = servers.producer(GROUP);
        try {
            for (int i = 0; i < 5; i++) {
                Message message = new Message(topic, ("h" + i).getBytes(StandardCharsets.UTF_8));
                MessageAccessor.putProperty(message, "TRAN_MSG", "true");
                MessageAccessor.putProperty(message, "PGROUP", GROUP);
                MessageAccessor.putProperty(message, "__APOGEE_BRANCH", branchId);
                SendResult sent = producer.send(message);
                halves.add(new BranchBody.Half(MessageDecoder.decodeMessageId(sent.getOffsetMsgId()).getOffset(),
                        sent.getOffsetMsgId(), null));
                ids.add(sent.getMsgId());
            }
            // before the sender leaves: the reaper rolls back unprepared branches whose sender is gone
            RemotingCommand response = call(RemotingCommand.createRequest(RequestCode.BRANCH_PREPARE)
                    .putExtField("branchId", branchId).putExtField("onePhase", "true")
                    .putExtField("producerGroup", GROUP).body(new BranchBody(halves, List.of()).encode()));
            assertEquals(ResponseCode.SUCCESS, response.code(), response.remark());
        } finally {
            producer.shutdown();
        }
        assertEquals(5, servers.readAll(topic, 5, Duration.ofSeconds(10)).size());

        BrokerConfig config = servers.config();
        servers.stopBroker();
        MessageStore store = BrokerFixture.openStoreOf(config);
        try {
            store.start();
            List<StoredMessage> ops = readQueue(store, TopicValidator.TRANS_OP_HALF_TOPIC);
            assertEquals(1, ops.size(), "one op record for the branch");
            List<String> decided = TransactionDecisions.decidedIds(ops.get(0).body());
            assertEquals(5, decided.size());
            assertEquals(ids, new HashSet<>(decided));
        } finally {
            store.shutdown();
        }
    }

    /**
     * A one-phase commit naming a stored half and an offset where no half is refuses the whole branch with a clear
     * error: nothing is committed (not even the half that exists), and the branch is not recorded.
     */
    @Test
    void commitNamingAMissingHalfCommitsNothing() throws Exception {
        servers = BrokerFixture.start(dir, c -> { });
        String topic = "missing-" + System.nanoTime();
        createTopic(topic, 1);
        String branchId = "L:" + UUID.randomUUID();
        DefaultMQProducer producer = servers.producer(GROUP);
        try {
            Message message = new Message(topic, "exists".getBytes(StandardCharsets.UTF_8));
            MessageAccessor.putProperty(message, "TRAN_MSG", "true");
            MessageAccessor.putProperty(message, "PGROUP", GROUP);
            MessageAccessor.putProperty(message, "__APOGEE_BRANCH", branchId);
            SendResult sent = producer.send(message);
            BranchBody.Half stored = new BranchBody.Half(MessageDecoder.decodeMessageId(sent.getOffsetMsgId())
                    .getOffset(), sent.getOffsetMsgId(), null);
            BranchBody.Half missing = new BranchBody.Half(stored.commitLogOffset() + (1L << 30), null, null);
            RemotingCommand response = call(RemotingCommand.createRequest(RequestCode.BRANCH_PREPARE)
                    .putExtField("branchId", branchId).putExtField("onePhase", "true")
                    .putExtField("producerGroup", GROUP)
                    .body(new BranchBody(List.of(stored, missing), List.of()).encode()));
            assertEquals(ResponseCode.BRANCH_INVALID, response.code(), response.remark());
            assertTrue(response.remark().contains("no record at commit-log offset " + missing.commitLogOffset()),
                    response.remark());
            assertEquals(ResponseCode.BRANCH_UNKNOWN, call(RemotingCommand.createRequest(RequestCode.BRANCH_COMMIT)
                    .putExtField("branchId", branchId)).code(), "a refused branch is not recorded");
            assertEquals(List.of(), servers.readAll(topic, 1, Duration.ofSeconds(2)), "nothing committed");
        } finally {
            producer.shutdown();
        }
    }

    private static List<StoredMessage> readQueue(MessageStore store, String topic) {
        List<StoredMessage> all = new ArrayList<>();
        for (int queueId = 0; queueId < 32; queueId++) {
            long next = store.getMinOffsetInQueue(topic, queueId);
            while (true) {
                GetResult result = store.getMessages(topic, queueId, next, 64, Integer.MAX_VALUE, MessageFilter.ALL);
                if (result.messageCount() == 0) {
                    break;
                }
                for (ByteBuffer buffer : result.messages()) {
                    all.add(StoredMessage.read(buffer));
                }
                next = result.nextBeginOffset();
            }
        }
        return all;
    }

    private static String key() {
        return UUID.randomUUID().toString().replace("-", "").toUpperCase();
    }

    private void createTopic(String topic, int queues) throws Exception {
        RemotingCommand response = call(RemotingCommand.createRequest(RequestCode.UPDATE_AND_CREATE_TOPIC)
                .putExtField("topic", topic).putExtField("readQueueNums", String.valueOf(queues))
                .putExtField("writeQueueNums", String.valueOf(queues)));
        assertEquals(ResponseCode.SUCCESS, response.code(), response.remark());
    }

    /** A BRANCH_COMMIT_LOCAL of {@code entries} in the batch encoding; a delayed entry has delay level 18 (2 h: it stays in the schedule topic). */
    private static RemotingCommand localCommit(String branchId, List<Entry> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Entry e : entries) {
            byte[] b = e.body().getBytes(StandardCharsets.UTF_8);
            byte[] p = ("REAL_TOPIC\u0001" + e.topic() + "\u0002REAL_QID\u0001" + e.queueId() + "\u0002UNIQ_KEY\u0001"
                    + e.uniqueKey() + "\u0002" + (e.delayed() ? "DELAY\u000118\u0002" : ""))
                    .getBytes(StandardCharsets.UTF_8);
            ByteBuffer entry = ByteBuffer.allocate(4 + 4 + 4 + 4 + 4 + b.length + 2 + p.length);
            entry.putInt(entry.capacity()).putInt(0).putInt(0).putInt(0).putInt(b.length).put(b)
                    .putShort((short) p.length).put(p);
            out.writeBytes(entry.array());
        }
        return RemotingCommand.createRequest(RequestCode.BRANCH_COMMIT_LOCAL).putExtField("branchId", branchId)
                .putExtField("producerGroup", GROUP).body(out.toByteArray());
    }

    private RemotingCommand call(RemotingCommand request) throws Exception {
        try (NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig().setName("branch-test"))) {
            client.start();
            return client.invokeSync(servers.brokerAddress(), request, 5_000);
        }
    }
}
