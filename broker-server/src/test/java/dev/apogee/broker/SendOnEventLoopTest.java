package dev.apogee.broker;

import dev.apogee.broker.fixture.BrokerFixture;
import dev.apogee.remoting.protocol.RequestCode;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which sends the broker processes right on the connection's event loop: oneway sends to a topic it knows (nobody
 * waits for their disk flush, so nothing there can block), and the answered sends of a lone writer (SYNC_FLUSH: the
 * loop forces them itself and waits for no other thread), while their lane is idle. The answered sends of writers that
 * put together, and a oneway send whose topic the broker would first have to create (a file write), go to the send
 * threads. Whichever thread stores them, one connection's oneway sends to one queue are stored in the order they were
 * sent, and so are its answered ones (SYNC_FLUSH, the mode where a put may wait for a force).
 */
class SendOnEventLoopTest {
    @TempDir
    Path dir;
    BrokerFixture servers;

    /** Each send request the broker processed. */
    private final Queue<Seen> sends = new ConcurrentLinkedQueue<>();

    private record Seen(String topic, boolean oneway, boolean onEventLoop) {
    }

    @AfterEach
    void stop() throws Exception {
        if (servers != null) {
            servers.close();
        }
    }

    /** Records, for each send request, the thread that processes it (the interceptor runs there, just before). */
    private void recordSends() {
        servers.broker().server.setRequestInterceptor((channel, request) -> {
            int code = request.code();
            if (code == RequestCode.SEND_MESSAGE || code == RequestCode.SEND_MESSAGE_V2
                    || code == RequestCode.SEND_BATCH_MESSAGE) {
                String topic = request.extField(code == RequestCode.SEND_MESSAGE ? "topic" : "b");
                sends.add(new Seen(topic, request.isOneway(), channel.eventLoop().inEventLoop()));
            }
            return null;
        });
    }

    @Test
    void onewaySendsToAKnownTopicAreStoredOnTheEventLoopInOrderWithAnsweredOnes() throws Exception {
        servers = BrokerFixture.start(dir, c -> c.setFlushDiskType("SYNC_FLUSH"));
        recordSends();
        String topic = "oneway-" + System.nanoTime();
        String newTopic = "oneway-new-" + System.nanoTime();
        DefaultMQProducer producer = servers.producer("oneway-pg");
        MessageQueue queue = new MessageQueue(topic, servers.config().getBrokerName(), 0);
        try {
            assertEquals(SendStatus.SEND_OK, producer.send(message(topic, 0), queue).getSendStatus(),
                    "the first send creates the topic");
            // the answered send's lane task ends a moment after its answer is written: a oneway send arriving in
            // that moment (and everything pipelined behind it) queues on the lane; a pause lets it drain first
            Thread.sleep(200);
            for (int i = 1; i <= 300; i++) {
                if (i % 50 == 0) {
                    assertEquals(SendStatus.SEND_OK, producer.send(message(topic, i), queue).getSendStatus());
                } else {
                    producer.sendOneway(message(topic, i), queue);
                }
            }
            producer.sendOneway(message(newTopic, 0), new MessageQueue(newTopic, servers.config().getBrokerName(), 0));
        } finally {
            producer.shutdown();
        }

        List<MessageExt> stored = servers.readAll(topic, 301, Duration.ofSeconds(20));
        assertEquals(301, stored.size());
        // the official client does not keep its oneway sends in order with its answered ones (it lets an answered
        // send overtake oneway sends written before it, on any broker), so each kind is checked on its own
        List<Integer> oneway = new ArrayList<>();
        List<Integer> answered = new ArrayList<>();
        for (MessageExt m : stored) {
            int i = Integer.parseInt(new String(m.getBody(), StandardCharsets.UTF_8).substring(1));
            (i % 50 == 0 ? answered : oneway).add(i);
        }
        assertEquals(IntStream.rangeClosed(0, 300).filter(i -> i % 50 == 0).boxed().toList(), answered);
        assertEquals(IntStream.rangeClosed(0, 300).filter(i -> i % 50 != 0).boxed().toList(), oneway);
        assertEquals(1, servers.readAll(newTopic, 1, Duration.ofSeconds(20)).size(),
                "a oneway send that auto-creates its topic is stored too (on a send thread)");

        assertTrue(sends.stream().anyMatch(s -> s.topic().equals(topic) && !s.oneway() && s.onEventLoop()),
                "a lone writer's answered sends run on the event loop, which forces them itself");
        assertTrue(sends.stream().anyMatch(s -> s.oneway() && s.onEventLoop()),
                "oneway sends finding their lane idle run on the event loop");
        assertEquals(List.of(new Seen(newTopic, true, false)),
                sends.stream().filter(s -> s.topic().equals(newTopic)).toList(),
                "the oneway send to an unknown topic went to a send thread");
    }

    /**
     * Four producers sending synchronously at once share the group commit's rounds: their answered sends then go to
     * the send threads (a force on an event loop would hold up the other writers there), and every one is stored.
     */
    @Test
    void answeredSendsOfWritersPuttingTogetherGoToTheSendThreads() throws Exception {
        servers = BrokerFixture.start(dir, c -> c.setFlushDiskType("SYNC_FLUSH"));
        recordSends();
        String topic = "together-" + System.nanoTime();
        int writers = 4;
        int each = 200;
        List<DefaultMQProducer> producers = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            producers.add(servers.producer("together-pg-" + w));
        }
        try {
            assertEquals(SendStatus.SEND_OK, producers.get(0).send(message(topic, 0)).getSendStatus(),
                    "the first send creates the topic");
            List<Thread> threads = new ArrayList<>();
            Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
            for (int w = 0; w < writers; w++) {
                DefaultMQProducer producer = producers.get(w);
                int first = 1 + w * each;
                Thread t = new Thread(() -> {
                    try {
                        for (int i = first; i < first + each; i++) {
                            assertEquals(SendStatus.SEND_OK, producer.send(message(topic, i)).getSendStatus());
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join(60_000);
            }
            assertEquals(List.of(), List.copyOf(failures));
        } finally {
            producers.forEach(DefaultMQProducer::shutdown);
        }
        assertEquals(writers * each + 1, servers.readAll(topic, writers * each + 1, Duration.ofSeconds(20)).size());
        assertTrue(sends.stream().anyMatch(s -> s.topic().equals(topic) && !s.oneway() && !s.onEventLoop()),
                "writers putting together go through the send threads and the group commit");
    }

    private static Message message(String topic, int i) {
        return new Message(topic, "t", ("m" + i).getBytes(StandardCharsets.UTF_8));
    }
}
