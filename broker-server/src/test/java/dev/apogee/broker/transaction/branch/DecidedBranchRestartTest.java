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
import dev.apogee.store.StoreConfig;
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
        MessageStore store = MessageStore.open(StoreConfig.builder(config.storeRoot())
                .commitLogFileSize((int) config.getMappedFileSizeCommitLog())
                .consumeQueueEntriesPerFile(Math.max(1, config.getMappedFileSizeConsumeQueue() / 20))
                .build());
        try {
            store.start();
            BranchLog log = new BranchLog(store, new InetSocketAddress("127.0.0.1", config.getListenPort()),
                    System::currentTimeMillis);
            assertEquals(true, log.appendDurably(record).join().isOk());
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
