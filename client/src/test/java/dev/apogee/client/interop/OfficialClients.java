package dev.apogee.client.interop;

import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import static org.awaitility.Awaitility.await;

/** Official 5.3.3 client helpers used to check what our client wrote, and to feed our consumers. */
final class OfficialClients {
    private OfficialClients() {
    }

    /** Reads {@code expected} messages of {@code topic} from the beginning with an official lite pull consumer. */
    static List<MessageExt> readAll(String topic, int expected) throws Exception {
        DefaultLitePullConsumer consumer = new DefaultLitePullConsumer(ApacheServers.unique("officialReader"));
        consumer.setNamesrvAddr(ApacheServers.namesrv());
        consumer.setInstanceName(ApacheServers.unique("official"));
        consumer.setAutoCommit(false);
        // a new group starts at the queues' first offsets; seekToBegin() after assign() would race the pull
        // the official client already started from the default position and could hand out a batch twice
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.start();
        List<MessageExt> messages = new ArrayList<>();
        try {
            await().atMost(Duration.ofSeconds(40)).pollInterval(Duration.ofMillis(500)).until(() -> {
                try {
                    return !consumer.fetchMessageQueues(topic).isEmpty();
                } catch (Exception e) {
                    return false;
                }
            });
            Collection<MessageQueue> queues = consumer.fetchMessageQueues(topic);
            consumer.assign(queues);
            long deadline = System.currentTimeMillis() + 30_000;
            while (messages.size() < expected && System.currentTimeMillis() < deadline) {
                messages.addAll(consumer.poll(500));
            }
            return messages;
        } finally {
            consumer.shutdown();
        }
    }
}
