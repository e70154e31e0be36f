package dev.apogee.broker.acceptance;

import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;

/**
 * Builders for the official 5.3.3 clients pointed at our servers. Every client gets its own instance name (so its own
 * client id and MQClientInstance, as separate processes would) and the clients' own background chatter is kept short.
 */
final class OfficialClients {
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    static {
        // broadcasting consumers keep offsets in local files: keep them out of ~/.rocketmq_offsets and /tmp, in the
        // build directory that `mvn clean` removes (every client has its own instance name, so runs never share one)
        System.setProperty("rocketmq.client.localOffsetStoreDir",
                Path.of("target", "official-client-offsets").toAbsolutePath().toString());
    }

    private OfficialClients() {
    }

    static String unique(String prefix) {
        return prefix + "-" + Long.toString(System.nanoTime() % 1_000_000_000L, 36) + "-" + SEQUENCE.incrementAndGet();
    }

    static DefaultMQProducer producer(String namesrv, String group) {
        DefaultMQProducer producer = new DefaultMQProducer(group);
        producer.setNamesrvAddr(namesrv);
        producer.setInstanceName(unique("p"));
        producer.setDefaultTopicQueueNums(8);
        producer.setSendMsgTimeout(5_000);
        return producer;
    }

    static DefaultMQPushConsumer pushConsumer(String namesrv, String group) {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(group);
        consumer.setNamesrvAddr(namesrv);
        consumer.setInstanceName(unique("c"));
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setPersistConsumerOffsetInterval(1_000);
        // 5.3.3 client race: the heartbeat announcing a rebalance's new subVersion is skipped when another heartbeat
        // holds the lock ("sendHeartbeatToAllBrokerWithLockV2 lock heartBeat, but failed"); pulls are then refused
        // with SUBSCRIPTION_NOT_LATEST (as the official broker does) until the next heartbeat: keep that one close
        consumer.setHeartbeatBrokerInterval(2_000);
        return consumer;
    }

    /**
     * Creates {@code topic} with a first message, sent again until the broker took one: the official producer's first
     * send to a new topic asks the name server for the default topic's route, and on a loaded machine that call can
     * time out ("No route info of this topic"), which failed a fast run once. Only for tests that read from a later
     * offset: a retry after a lost answer stores the message twice.
     */
    static void createTopic(DefaultMQProducer producer, String topic) {
        await("first send to " + topic).atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> producer.send(
                new Message(topic, bytes("create"))).getSendStatus() == SendStatus.SEND_OK);
    }

    /**
     * The topic's queues as the name server reports them. A broker announces an auto-created topic to the name
     * server asynchronously (as the official broker does), so right after the first send the route may not exist yet.
     */
    static List<MessageQueue> awaitRoute(DefaultMQProducer producer, String topic) {
        return await("route of " + topic).atMost(Duration.ofSeconds(15)).ignoreExceptions()
                .until(() -> producer.fetchPublishMessageQueues(topic), queues -> !queues.isEmpty());
    }

    static String body(MessageExt message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Reads every message of every queue of {@code topic} from offset 0 to the queue's current max offset with the
     * official (non-suspending) pull API: what the broker has stored, independent of any consumer group's progress.
     */
    static List<MessageExt> readAll(String namesrv, String topic) throws Exception {
        DefaultMQPullConsumer reader = new DefaultMQPullConsumer(unique("reader"));
        reader.setNamesrvAddr(namesrv);
        reader.setInstanceName(unique("r"));
        reader.start();
        try {
            List<MessageExt> all = new ArrayList<>();
            Collection<MessageQueue> queues = await("route of " + topic).atMost(Duration.ofSeconds(15))
                    .ignoreExceptions().until(() -> reader.fetchSubscribeMessageQueues(topic), q -> !q.isEmpty());
            for (MessageQueue queue : queues) {
                long max = reader.maxOffset(queue);
                long offset = reader.minOffset(queue);
                while (offset < max) {
                    PullResult result = reader.pull(queue, "*", offset, 32, 10_000);
                    if (result.getPullStatus() == PullStatus.FOUND) {
                        all.addAll(result.getMsgFoundList());
                    } else if (result.getNextBeginOffset() <= offset) {
                        throw new AssertionError("pull of " + queue + " at " + offset + " (max " + max + ") answered "
                                + result.getPullStatus());
                    }
                    offset = result.getNextBeginOffset();
                }
            }
            return all;
        } finally {
            reader.shutdown();
        }
    }
}
