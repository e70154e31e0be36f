package dev.apogee.broker.pop;

import org.apache.rocketmq.client.consumer.AckStatus;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.PopResult;
import org.apache.rocketmq.client.consumer.PopStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.header.AckMessageRequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * POP consumption against our in-JVM broker with the official 5.3.3 client: the push consumer switched to POP with
 * the official admin API, and the client's own pop/ack/change-invisible-time calls for step-by-step checks.
 */
class PopWithOfficialClientTest {
    @RegisterExtension
    static final PopServers servers = new PopServers();

    static List<String> send(String topic, int count, String tag) throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Message m = new Message(topic, tag, ("m" + i).getBytes(StandardCharsets.UTF_8));
            m.putUserProperty("k", i % 2 == 0 ? "even" : "odd");
            var r = servers.producer().send(m, 5_000);
            assertEquals(SendStatus.SEND_OK, r.getSendStatus());
            ids.add(r.getMsgId());
        }
        return ids;
    }

    /** Pops until {@code expected} messages came or the deadline passed (bounded). */
    static List<MessageExt> popUntil(String group, String topic, int expected, long invisible, String expType,
            String exp) throws Exception {
        List<MessageExt> got = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (got.size() < expected && System.nanoTime() < deadline) {
            PopResult r = servers.client().pop(group, topic, -1, 32, invisible, 200, expType, exp);
            if (r.getPopStatus() == PopStatus.FOUND) {
                got.addAll(r.getMsgFoundList());
            }
        }
        return got;
    }

    @Test
    void pushConsumerInPopModeConsumesEveryMessageAndAcksEachOne() throws Exception {
        String topic = "PopPush";
        String group = "cg-pop-push";
        servers.popGroup(topic, 4, group, 16);
        List<String> sent = send(topic, 40, "a");
        var modes = servers.client().invoke(402, null, 5_000); // GET_ALL_MESSAGE_REQUEST_MODE
        assertEquals(0, modes.getCode());
        var table = org.apache.rocketmq.remoting.protocol.body.MessageRequestModeSerializeWrapper.decode(
                modes.getBody(), org.apache.rocketmq.remoting.protocol.body.MessageRequestModeSerializeWrapper.class);
        assertEquals(org.apache.rocketmq.common.message.MessageRequestMode.POP,
                table.getMessageRequestModeMap().get(topic).get(group).getMode());
        Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
        DefaultMQPushConsumer consumer = servers.popPushConsumer(group, topic, "pop-push-1", 5_000);
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
            msgs.forEach(m -> deliveries.computeIfAbsent(m.getMsgId(), k -> new AtomicInteger()).incrementAndGet());
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (deliveries.size() < sent.size() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(new HashSet<>(sent), deliveries.keySet());
        } finally {
            consumer.shutdown();
        }
        // every message was acked: past the invisible time nothing of the group comes back
        Thread.sleep(5_500);
        PopResult after = servers.client().pop(group, topic, -1, 32, 60_000, 0, "TAG", "*");
        assertEquals(PopStatus.POLLING_NOT_FOUND, after.getPopStatus());
        deliveries.values().forEach(n -> assertEquals(1, n.get()));
    }

    @Test
    void anUnackedMessageComesBackAfterItsInvisibleTimeWithReconsumeTimesPlusOne() throws Exception {
        String topic = "PopRedeliver";
        String group = "cg-pop-redeliver";
        servers.popGroup(topic, 2, group, 16);
        String id = send(topic, 1, "a").get(0);
        MessageExt first = popUntil(group, topic, 1, 1_000, "TAG", "*").get(0);
        assertEquals(id, first.getMsgId());
        assertEquals(0, first.getReconsumeTimes());
        assertEquals(PopStatus.POLLING_NOT_FOUND, servers.client().pop(group, topic, 32, 60_000).getPopStatus(),
                "invisible while leased");
        MessageExt again = popUntil(group, topic, 1, 60_000, "TAG", "*").get(0);
        assertEquals(id, again.getMsgId());
        assertEquals(1, again.getReconsumeTimes());
        assertEquals(AckStatus.OK, servers.client().ack(group, again));
        assertEquals(AckStatus.OK, servers.client().ack(group, first), "an acked message acked again: OK, as Apache");
        assertEquals(AckStatus.OK, servers.client().ack(group, again));
    }

    @Test
    void changeInvisibleTimeReleasesAMessageAtOnceWithANewHandle() throws Exception {
        String topic = "PopChange";
        String group = "cg-pop-change";
        servers.popGroup(topic, 1, group, 16);
        send(topic, 1, "a");
        MessageExt m = popUntil(group, topic, 1, 60_000, "TAG", "*").get(0);
        var changed = servers.client().changeInvisibleTime(group, m, 0);
        assertTrue(OfficialPopClient.ok(changed));
        assertTrue(changed.getExtraInfo().endsWith(" " + m.getQueueOffset()));
        MessageExt back = popUntil(group, topic, 1, 60_000, "TAG", "*").get(0);
        assertEquals(m.getMsgId(), back.getMsgId());
        assertEquals(1, back.getReconsumeTimes());
        assertEquals(AckStatus.OK, servers.client().ack(group, back));
    }

    @Test
    void twoConsumersShareOneQueueAndBatchAckWorks() throws Exception {
        String topic = "PopShare";
        String group = "cg-pop-share";
        servers.popGroup(topic, 1, group, 16);
        List<String> sent = send(topic, 10, "a");
        PopResult a = servers.client().pop(group, topic, 0, 5, 60_000, 1_000, "TAG", "*");
        PopResult b = servers.client().pop(group, topic, 0, 5, 60_000, 1_000, "TAG", "*");
        Set<String> ids = new HashSet<>();
        List<String> handles = new ArrayList<>();
        for (PopResult r : List.of(a, b)) {
            assertEquals(PopStatus.FOUND, r.getPopStatus());
            for (MessageExt m : r.getMsgFoundList()) {
                assertTrue(ids.add(m.getMsgId()), "handed out twice: " + m.getMsgId());
                handles.add(m.getProperty("POP_CK"));
            }
        }
        assertEquals(new HashSet<>(sent), ids);
        assertTrue(OfficialPopClient.ok(servers.client().batchAck(group, topic, handles)));
        AckMessageRequestHeader beyond = new AckMessageRequestHeader();
        beyond.setConsumerGroup(group);
        beyond.setTopic(topic);
        beyond.setQueueId(0);
        beyond.setOffset(1_000L);
        beyond.setExtraInfo("0 1 60000 0 0 broker 0 1000");
        assertEquals(AckStatus.NO_EXIST, servers.client().ack(beyond).getStatus(),
                "offset outside the queue: NO_MESSAGE");
    }

    @Test
    void aWaitingPopGetsAMessageWhenItIsSent() throws Exception {
        String topic = "PopLongPoll";
        String group = "cg-pop-longpoll";
        servers.popGroup(topic, 2, group, 16);
        CompletableFuture<PopResult> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return servers.client().pop(group, topic, -1, 32, 60_000, 15_000, "TAG", "*");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (servers.fixture().broker().pops().heldPops() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(1, servers.fixture().broker().pops().heldPops(), "the pop is held");
        String id = send(topic, 1, "a").get(0);
        PopResult r = waiting.get(20, TimeUnit.SECONDS);
        assertEquals(PopStatus.FOUND, r.getPopStatus());
        assertEquals(id, r.getMsgFoundList().get(0).getMsgId());
    }

    @Test
    void anOrderlyPopHoldsItsQueueUntilWhatItPoppedIsAcked() throws Exception {
        String topic = "PopOrderly";
        String group = "cg-pop-orderly";
        servers.popGroup(topic, 1, group, 16);
        List<String> sent = send(topic, 3, "a");
        // long poll: the send returns before the consume queue is dispatched
        PopResult first = servers.client().pop(group, topic, 0, 1, 3_000, 5_000, "TAG", "*", true);
        assertEquals(sent.get(0), first.getMsgFoundList().get(0).getMsgId());
        assertEquals(PopStatus.POLLING_NOT_FOUND, servers.client().pop(group, topic, 0, 32, 60_000, 0, "TAG", "*", true)
                .getPopStatus(), "the queue is held while its first message is in flight");
        // not acked: after its invisible time the same message comes first again, counted
        PopResult again = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((again == null || again.getPopStatus() != PopStatus.FOUND) && System.nanoTime() < deadline) {
            again = servers.client().pop(group, topic, 0, 2, 60_000, 200, "TAG", "*", true);
        }
        List<MessageExt> two = again.getMsgFoundList();
        assertEquals(List.of(sent.get(0), sent.get(1)), two.stream().map(MessageExt::getMsgId).toList());
        assertEquals(1, two.get(0).getReconsumeTimes());
        assertEquals(0, two.get(1).getReconsumeTimes());
        assertTrue(two.get(0).getProperty("POP_CK").split(" ")[3].equals("999"), "orderly receipt handle");
        for (MessageExt m : two) {
            assertEquals(AckStatus.OK, servers.client().ack(group, m));
        }
        PopResult last = servers.client().pop(group, topic, 0, 32, 60_000, 1_000, "TAG", "*", true);
        assertEquals(List.of(sent.get(2)), last.getMsgFoundList().stream().map(MessageExt::getMsgId).toList());
    }

    @Test
    void theStateOfADeletedGroupOrTopicIsReclaimed() throws Exception {
        servers.popGroup("PopGone", 2, "cg-pop-gone", 16);
        servers.popGroup("PopGoneTopic", 2, "cg-pop-gone-topic", 16);
        send("PopGone", 4, "a");
        send("PopGoneTopic", 4, "a");
        popUntil("cg-pop-gone", "PopGone", 4, 60_000, "TAG", "*");
        popUntil("cg-pop-gone-topic", "PopGoneTopic", 4, 60_000, "TAG", "*");
        assertEquals(2, servers.fixture().broker().pops().groupQueues("cg-pop-gone"));
        assertEquals(2, servers.fixture().broker().pops().groupQueues("cg-pop-gone-topic"));
        servers.admin().deleteSubscriptionGroup(servers.fixture().brokerAddress(), "cg-pop-gone", true);
        servers.admin().deleteTopicInBroker(java.util.Set.of(servers.fixture().brokerAddress()), "PopGoneTopic");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((servers.fixture().broker().pops().groupQueues("cg-pop-gone") > 0
                || servers.fixture().broker().pops().groupQueues("cg-pop-gone-topic") > 0)
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(0, servers.fixture().broker().pops().groupQueues("cg-pop-gone"));
        assertEquals(0, servers.fixture().broker().pops().groupQueues("cg-pop-gone-topic"));
    }

    @Test
    void notificationTellsWhetherThereIsSomethingToPopAndPollingInfoCountsHeldPops() throws Exception {
        String topic = "PopNotify";
        String group = "cg-pop-notify";
        servers.popGroup(topic, 2, group, 16);
        assertEquals("false", notification(group, topic, 0).getExtFields().get("hasMsg"));
        CompletableFuture<org.apache.rocketmq.remoting.protocol.RemotingCommand> held =
                CompletableFuture.supplyAsync(() -> {
                    try {
                        return notification(group, topic, 15_000);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (servers.fixture().broker().pops().heldPops() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        var info = new org.apache.rocketmq.remoting.protocol.header.PollingInfoRequestHeader();
        info.setConsumerGroup(group);
        info.setTopic(topic);
        info.setQueueId(-1);
        var infoResponse = servers.client().invoke(200055, info, 5_000);
        assertEquals(0, infoResponse.getCode());
        assertEquals("1", infoResponse.getExtFields().get("pollingNum"));
        send(topic, 1, "a");
        var woken = held.get(20, TimeUnit.SECONDS);
        assertEquals(0, woken.getCode());
        assertEquals("true", woken.getExtFields().get("hasMsg"));
    }

    static org.apache.rocketmq.remoting.protocol.RemotingCommand notification(String group, String topic,
            long pollTime) throws Exception {
        var h = new org.apache.rocketmq.remoting.protocol.header.NotificationRequestHeader();
        h.setConsumerGroup(group);
        h.setTopic(topic);
        h.setQueueId(-1);
        h.setPollTime(pollTime);
        h.setBornTime(System.currentTimeMillis());
        return servers.client().invoke(200054, h, pollTime + 5_000);
    }

    @Test
    void badPopsAreRefusedWithTheOfficialCodes() throws Exception {
        servers.popGroup("PopBad", 1, "cg-pop-bad", 16);
        assertEquals(29, brokerCode(() -> servers.client().pop("cg-pop-bad", "PopBad", -1, 33, 60_000, 0, "TAG", "*")));
        assertEquals(29, brokerCode(() -> servers.client().pop("cg-pop-bad", "PopBad", -1, 1, -5, 0, "TAG", "*")));
        assertEquals(29, brokerCode(() -> servers.client().pop("cg-pop-bad", "PopBad", 7, 1, 60_000, 0, "TAG", "*")));
        assertEquals(17, brokerCode(() -> servers.client().pop("cg-pop-bad", "NoSuchTopic", -1, 1, 60_000, 0, "TAG",
                "*")));
        assertEquals(23, brokerCode(() -> servers.client().pop("cg-pop-bad", "PopBad", -1, 1, 60_000, 0, "JMS",
                "a = ")));
    }

    @Test
    void badAcksAndChangesAreRefusedWithTheOfficialCodes() throws Exception {
        servers.popGroup("PopBadAck", 1, "cg-pop-bad-ack", 16);
        send("PopBadAck", 1, "a");
        MessageExt m = popUntil("cg-pop-bad-ack", "PopBadAck", 1, 60_000, "TAG", "*").get(0);
        assertEquals(17, ackCode(servers.client().ackHeader("cg-pop-bad-ack", m), h -> h.setTopic("NoSuchTopic")));
        assertEquals(13, ackCode(servers.client().ackHeader("cg-pop-bad-ack", m), h -> h.setQueueId(7)));
        assertEquals(29, ackCode(servers.client().ackHeader("cg-pop-bad-ack", m), h -> h.setExtraInfo("x")));
        assertEquals(29, ackCode(servers.client().ackHeader("cg-pop-bad-ack", m), h -> h.setOffset(5L)),
                "the receipt handle names another offset");
        var change = new org.apache.rocketmq.remoting.protocol.header.ChangeInvisibleTimeRequestHeader();
        change.setConsumerGroup("cg-pop-bad-ack");
        change.setTopic("PopBadAck");
        change.setQueueId(0);
        change.setOffset(m.getQueueOffset());
        change.setExtraInfo(m.getProperty("POP_CK"));
        change.setInvisibleTime(-1L);
        assertEquals(29, servers.client().invoke(200053, change, 5_000).getCode(), "invisible time out of range");
        change.setOffset(1_000L);
        change.setInvisibleTime(1_000L);
        change.setExtraInfo("0 1 60000 0 0 broker 0 1000");
        assertEquals(208, servers.client().invoke(200053, change, 5_000).getCode(), "offset outside the queue");
        assertEquals(AckStatus.OK, servers.client().ack("cg-pop-bad-ack", m), "refusals changed nothing");
    }

    private static int ackCode(AckMessageRequestHeader h,
            java.util.function.Consumer<AckMessageRequestHeader> spoil) throws Exception {
        spoil.accept(h);
        return servers.client().invoke(200051, h, 5_000).getCode();
    }

    interface Call {
        Object run() throws Exception;
    }

    static int brokerCode(Call call) throws Exception {
        try {
            call.run();
        } catch (ExecutionException e) {
            return assertInstanceOf(MQBrokerException.class, e.getCause()).getResponseCode();
        }
        throw new AssertionError("no error");
    }
}
