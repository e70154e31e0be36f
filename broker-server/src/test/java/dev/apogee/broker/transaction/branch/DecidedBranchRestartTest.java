package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.fixture.BrokerFixture;
import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.remoting.protocol.body.BranchIdList;
import dev.apogee.store.MessageStore;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A branch whose COMMIT decision is in the branch log but which was never materialized (the broker died right after
 * the decision) is finished at the next start; and a decision replayed for a branch already materialized does not
 * store its messages twice. The state is provoked by appending the decision to the store while the broker is down.
 */
class DecidedBranchRestartTest {
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

    @Test
    void decidedButNotMaterializedBranchIsFinishedAtStartAndNeverTwice() throws Exception {
        servers = BrokerFixture.start(dir, c -> { });
        String topic = "decided-" + System.nanoTime();
        String branchId = "X:7:" + UUID.randomUUID().toString().replace("-", "") + ":02";
        BranchBody branch;
        DefaultMQProducer producer = servers.producer(GROUP);
        try {
            List<BranchBody.Half> halves = new ArrayList<>();
            for (String body : List.of("one", "two")) {
                halves.add(sendHalf(producer, topic, branchId, body));
            }
            branch = new BranchBody(halves, List.of());
            // prepared while the sender's connection is open: once it closes, the broker rolls back unprepared halves
            assertEquals(ResponseCode.SUCCESS, call(prepare(branchId, branch)).code());
        } finally {
            producer.shutdown();
        }

        servers.stopBroker();
        appendToBranchLog(servers.config(), new BranchRecord(BranchRecord.Type.COMMIT, branchId, GROUP, branch));
        servers.startBroker();

        assertEquals(Set.of("one", "two"), bodies(servers.readAll(topic, 2, Duration.ofSeconds(10))));
        RemotingCommand recovered = call(RemotingCommand.createRequest(RequestCode.BRANCH_RECOVER));
        assertEquals(List.of(), BranchIdList.decode(recovered.body()).branchIds());
        assertEquals(ResponseCode.SUCCESS, call(commit(branchId)).code());

        servers.stopBroker();
        appendToBranchLog(servers.config(), new BranchRecord(BranchRecord.Type.COMMIT, branchId, GROUP, branch));
        servers.startBroker();
        assertEquals(2, servers.readAll(topic, 3, Duration.ofSeconds(3)).size(), "materialized twice");
    }

    /**
     * A BRANCH_COMMIT_LOCAL stores its messages and its decision in one atomic group: a repeated request answers
     * SUCCESS without storing again, before and after a restart (the replayed COMMIT_STORED record remembers the
     * branch), and no half is ever stored.
     */
    @Test
    void localCommitIsStoredOnceAcrossARepeatAndARestart() throws Exception {
        servers = BrokerFixture.start(dir, c -> { });
        String topic = "local-" + System.nanoTime();
        assertEquals(ResponseCode.SUCCESS, call(RemotingCommand.createRequest(RequestCode.UPDATE_AND_CREATE_TOPIC)
                .putExtField("topic", topic).putExtField("readQueueNums", "1").putExtField("writeQueueNums", "1"))
                .code());
        String branchId = "L:" + UUID.randomUUID();
        RemotingCommand response = call(localCommit(branchId, topic, List.of("alpha", "beta", "gamma")));
        assertEquals(ResponseCode.SUCCESS, response.code(), response.remark());
        assertEquals(List.of("alpha", "beta", "gamma"), bodyList(servers.readAll(topic, 3, Duration.ofSeconds(10))));
        assertEquals(ResponseCode.SUCCESS, call(localCommit(branchId, topic, List.of("alpha", "beta", "gamma")))
                .code());

        RemotingCommand malformed = call(RemotingCommand.createRequest(RequestCode.BRANCH_COMMIT_LOCAL)
                .putExtField("branchId", "L:" + UUID.randomUUID()).body(new byte[] {1, 2, 3}));
        assertEquals(ResponseCode.BRANCH_INVALID, malformed.code());
        RemotingCommand badId = call(localCommit("bad id!", topic, List.of("never")));
        assertEquals(ResponseCode.BRANCH_INVALID, badId.code());
        assertEquals(List.of(), servers.readAll(TRANS_HALF_TOPIC, 1, Duration.ofSeconds(1)), "no half is stored");

        servers.stopBroker();
        servers.startBroker();
        assertEquals(ResponseCode.SUCCESS, call(localCommit(branchId, topic, List.of("alpha", "beta", "gamma")))
                .code(), "a repeat after the restart");
        assertEquals(ResponseCode.SUCCESS, call(localCommit("L:" + UUID.randomUUID(), topic, List.of("after")))
                .code());
        assertEquals(List.of("alpha", "beta", "gamma", "after"),
                bodyList(servers.readAll(topic, 4, Duration.ofSeconds(10))), "stored twice");
    }

    private static final String TRANS_HALF_TOPIC = "RMQ_SYS_TRANS_HALF_TOPIC";

    /** A BRANCH_COMMIT_LOCAL of {@code bodies}, all to queue 0 of {@code topic}, in the batch encoding. */
    private static RemotingCommand localCommit(String branchId, String topic, List<String> bodies) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (String body : bodies) {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            byte[] p = ("REAL_TOPIC\u0001" + topic + "\u0002REAL_QID\u00010\u0002UNIQ_KEY\u0001" + UUID.randomUUID()
                    .toString().replace("-", "").toUpperCase() + "\u0002").getBytes(StandardCharsets.UTF_8);
            java.nio.ByteBuffer entry = java.nio.ByteBuffer.allocate(4 + 4 + 4 + 4 + 4 + b.length + 2 + p.length);
            entry.putInt(entry.capacity()).putInt(0).putInt(0).putInt(0).putInt(b.length).put(b)
                    .putShort((short) p.length).put(p);
            out.writeBytes(entry.array());
        }
        return RemotingCommand.createRequest(RequestCode.BRANCH_COMMIT_LOCAL).putExtField("branchId", branchId)
                .putExtField("producerGroup", GROUP).body(out.toByteArray());
    }

    private static List<String> bodyList(List<MessageExt> messages) {
        return messages.stream().map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).toList();
    }

    private static BranchBody.Half sendHalf(DefaultMQProducer producer, String topic, String branchId, String body)
            throws Exception {
        Message message = new Message(topic, body.getBytes(StandardCharsets.UTF_8));
        MessageAccessor.putProperty(message, "TRAN_MSG", "true");
        MessageAccessor.putProperty(message, "PGROUP", GROUP);
        MessageAccessor.putProperty(message, "__APOGEE_BRANCH", branchId);
        SendResult sent = producer.send(message);
        return new BranchBody.Half(MessageDecoder.decodeMessageId(sent.getOffsetMsgId()).getOffset(),
                sent.getOffsetMsgId(), sent.getTransactionId() != null ? sent.getTransactionId() : sent.getMsgId());
    }

    /** Appends a record to the branch log as the broker would, with the broker stopped. */
    private static void appendToBranchLog(BrokerConfig config, BranchRecord record) throws Exception {
        MessageStore store = BrokerFixture.openStoreOf(config);
        try {
            store.start();
            BranchLog log = new BranchLog(store, new InetSocketAddress("127.0.0.1", config.getListenPort()),
                    System::currentTimeMillis);
            assertEquals(true, log.appendDurably(record).isOk());
        } finally {
            store.shutdown();
        }
    }

    private static RemotingCommand prepare(String branchId, BranchBody branch) {
        return RemotingCommand.createRequest(RequestCode.BRANCH_PREPARE).putExtField("branchId", branchId)
                .putExtField("onePhase", "false").putExtField("producerGroup", GROUP).body(branch.encode());
    }

    private static RemotingCommand commit(String branchId) {
        return RemotingCommand.createRequest(RequestCode.BRANCH_COMMIT).putExtField("branchId", branchId);
    }

    private RemotingCommand call(RemotingCommand request) throws Exception {
        try (NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig().setName("branch-test"))) {
            client.start();
            return client.invokeSync(servers.brokerAddress(), request, 5_000);
        }
    }

    private static Set<String> bodies(List<MessageExt> messages) {
        return messages.stream().map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).collect(Collectors.toSet());
    }
}
