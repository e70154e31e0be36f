package dev.apogee.broker.pop;

import org.apache.rocketmq.client.consumer.AckStatus;
import org.apache.rocketmq.client.consumer.PopResult;
import org.apache.rocketmq.client.consumer.PopStatus;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.admin.OffsetWrapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET_CONSUME_STATS of a POP group through the official admin ({@code DefaultMQAdminExt.examineConsumeStats}, what
 * {@code mqadmin consumerProgress} runs): the consumer offset is the group's low-water mark (every message below it
 * acked), so Diff is the backlog not acked, and pull minus consumer offset (mqadmin's Inflight) counts the messages
 * popped and not acked while their invisible time runs.
 */
class PopConsumeStatsTest {
    @RegisterExtension
    static final PopServers servers = new PopServers();

    private static final String TOPIC = "PopStats";
    private static final String GROUP = "cg-pop-stats";

    @Test
    void aPopGroupsProgressIsItsLowWaterMarkAndItsMessagesInFlight() throws Exception {
        servers.popGroup(TOPIC, 2, GROUP, 16);
        MessageQueue queue0 = new MessageQueue(TOPIC, servers.fixture().config().getBrokerName(), 0);
        for (int i = 0; i < 10; i++) {
            Message m = new Message(TOPIC, "t", ("m" + i).getBytes(StandardCharsets.UTF_8));
            assertEquals(SendStatus.SEND_OK, servers.producer().send(m, queue0, 5_000).getSendStatus());
        }
        List<MessageExt> first = pop(4, 4); // offsets 0..3
        assertEquals(List.of(0L, 1L, 2L, 3L), offsets(first));
        ack(first.get(1));
        ack(first.get(3));
        assertProgress(0, 2, 10); // 0 and 2 in flight; 1 and 3 acked above the low-water mark

        ack(first.get(0));
        assertProgress(2, 1, 8);

        assertEquals(AckStatus.OK, servers.client().changeInvisibleTime(GROUP, first.get(2), 0).getStatus());
        assertProgress(2, 0, 8); // released: due again, not in flight

        List<MessageExt> rest = pop(32, 7); // 4..9, and 2 again once the expiry sweep made it due
        assertEquals(List.of(2L, 4L, 5L, 6L, 7L, 8L, 9L), offsets(rest));
        assertProgress(2, 7, 8);

        for (MessageExt m : rest) {
            ack(m);
        }
        OffsetWrapper done = assertProgress(10, 0, 0);
        assertTrue(done.getLastTimestamp() > 0, "store time of the last acked message");

        // the group pulled nothing and is not online: the topic is found from its POP state alone
        ConsumeStats all = servers.client().consumeStats(GROUP, (String) null);
        OffsetWrapper q0 = all.getOffsetTable().get(queue0);
        assertEquals(10, q0.getConsumerOffset());
        assertEquals(10, q0.getBrokerOffset());
    }

    /** Queue 0's progress as the official admin reports it; queue 1 (never popped, empty) reports nothing to do. */
    private static OffsetWrapper assertProgress(long consumerOffset, long inFlight, long diff) throws Exception {
        ConsumeStats stats = servers.admin().examineConsumeStats(GROUP, TOPIC);
        OffsetWrapper q0 = stats.getOffsetTable().get(new MessageQueue(TOPIC,
                servers.fixture().config().getBrokerName(), 0));
        assertEquals(10, q0.getBrokerOffset());
        assertEquals(consumerOffset, q0.getConsumerOffset(), "consumer offset (low-water mark)");
        assertEquals(consumerOffset + inFlight, q0.getPullOffset(), "pull offset");
        assertEquals(inFlight, stats.computeInflightTotalDiff(), "mqadmin's Inflight");
        assertEquals(diff, stats.computeTotalDiff(), "mqadmin's Diff");
        assertEquals(2, stats.getOffsetTable().size());
        return q0;
    }

    /**
     * Pops (long polling: a send returns before its message is dispatched) until {@code expected} came (bounded),
     * each pop asking only for what is still missing: a first pop that found part of the messages not yet
     * dispatched must not let the next one take more than expected.
     */
    private static List<MessageExt> pop(int max, int expected) throws Exception {
        List<MessageExt> got = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (got.size() < expected && System.nanoTime() < deadline) {
            PopResult r = servers.client().pop(GROUP, TOPIC, 0, Math.min(max, expected - got.size()), 60_000,
                    2_000, "TAG", "*");
            if (r.getPopStatus() == PopStatus.FOUND) {
                got.addAll(r.getMsgFoundList());
            }
        }
        got.sort(Comparator.comparingLong(MessageExt::getQueueOffset));
        return got;
    }

    private static void ack(MessageExt m) throws Exception {
        assertEquals(AckStatus.OK, servers.client().ack(GROUP, m));
    }

    private static List<Long> offsets(List<MessageExt> messages) {
        return messages.stream().map(MessageExt::getQueueOffset).toList();
    }
}
