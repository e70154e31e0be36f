package dev.apogee.broker;

import dev.apogee.broker.fixture.BrokerFixture;
import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The offset a pull piggy-backs is committed when the pull arrives, not again when the pull, held for want of
 * messages, is re-run: by then a newer commit (a new owner of the queue after a rebalance, or the consumer's own
 * shutdown commit) must not be moved back. A rebalance-churn interop test caught a committed offset one behind the
 * last message this way.
 */
class HeldPullCommitOffsetTest {
    @TempDir
    Path dir;

    @Test
    void aHeldPullsStaleOffsetDoesNotOverwriteALaterCommit() throws Exception {
        try (BrokerFixture servers = BrokerFixture.start(dir, c -> { })) {
            staleOffsetAfterALaterCommit(servers);
        }
    }

    private static void staleOffsetAfterALaterCommit(BrokerFixture servers) throws Exception {
        String topic = "held-" + System.nanoTime();
        String group = "held-cg";
        DefaultMQProducer producer = servers.producer("held-pg");
        MessageQueue queue = new MessageQueue(topic, servers.config().getBrokerName(), 0);
        try (NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig())) {
            client.start();
            for (int i = 0; i < 5; i++) {
                producer.send(new Message(topic, ("m" + i).getBytes(StandardCharsets.UTF_8)), queue);
            }
            DispatchWait.untilDispatched(servers.broker());
            RemotingCommand first = client.invokeSync(servers.brokerAddress(), pull(topic, group, 0, -1, 0), 5000);
            assertEquals(ResponseCode.SUCCESS, first.code(), "creates the group");
            // held at the queue's end, carrying offset 2 (what this consumer had acknowledged when it pulled)
            CompletableFuture<RemotingCommand> held = client.invokeAsync(servers.brokerAddress(),
                    pull(topic, group, 5, 2, 10_000), 15_000);
            await().atMost(5, TimeUnit.SECONDS).until(() -> servers.broker().offsets.query(group, topic, 0) == 2);
            assertFalse(held.isDone(), "nothing to read yet: held");
            servers.broker().offsets.commit(group, topic, 0, 5); // a later commit (e.g. the queue's new owner)
            producer.send(new Message(topic, "m5".getBytes(StandardCharsets.UTF_8)), queue); // wakes the pull
            assertEquals(ResponseCode.SUCCESS, held.get(10, TimeUnit.SECONDS).code());
            assertEquals(5, servers.broker().offsets.query(group, topic, 0),
                    "the re-run held pull must not commit its stale offset again");
        } finally {
            producer.shutdown();
        }
    }

    /** A PULL_MESSAGE at {@code offset}; {@code commitOffset} >= 0 piggy-backs it; {@code suspendMillis} > 0 holds. */
    private static RemotingCommand pull(String topic, String group, long offset, long commitOffset,
            long suspendMillis) {
        int sysFlag = (commitOffset >= 0 ? 1 : 0) | (suspendMillis > 0 ? 2 : 0) | 4;
        return RemotingCommand.createRequest(RequestCode.PULL_MESSAGE)
                .putExtField("consumerGroup", group)
                .putExtField("topic", topic)
                .putExtField("queueId", "0")
                .putExtField("queueOffset", String.valueOf(offset))
                .putExtField("maxMsgNums", "32")
                .putExtField("sysFlag", String.valueOf(sysFlag))
                .putExtField("commitOffset", String.valueOf(Math.max(0, commitOffset)))
                .putExtField("suspendTimeoutMillis", String.valueOf(suspendMillis))
                .putExtField("subscription", "*")
                .putExtField("expressionType", "TAG");
    }
}
