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
 * waits for their disk flush, so nothing there can block), while their lane is idle. Answered sends, and a oneway
 * send whose topic the broker would first have to create (a file write), go to the send threads. Whichever thread
 * stores them, one connection's oneway sends to one queue are stored in the order they were sent, and so are its
 * answered ones (SYNC_FLUSH, the mode where a put may wait for a force).
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

    @Test
    void onewaySendsToAKnownTopicAreStoredOnTheEventLoopInOrderWithAnsweredOnes() throws Exception {
        servers = BrokerFixture.start(dir, c -> c.setFlushDiskType("SYNC_FLUSH"));
        // the interceptor runs on the thread that processes the request, just before the processor
        servers.broker().server.setRequestInterceptor((channel, request) -> {
            int code = request.code();
            if (code == RequestCode.SEND_MESSAGE || code == RequestCode.SEND_MESSAGE_V2
                    || code == RequestCode.SEND_BATCH_MESSAGE) {
                String topic = request.extField(code == RequestCode.SEND_MESSAGE ? "topic" : "b");
                sends.add(new Seen(topic, request.isOneway(), channel.eventLoop().inEventLoop()));
            }
            return null;
        });
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

        assertEquals(0, sends.stream().filter(s -> !s.oneway() && s.onEventLoop()).count(),
                "answered sends may wait for a force: never on the event loop");
        assertTrue(sends.stream().anyMatch(s -> s.oneway() && s.onEventLoop()),
                "oneway sends finding their lane idle run on the event loop");
        assertEquals(List.of(new Seen(newTopic, true, false)),
                sends.stream().filter(s -> s.topic().equals(newTopic)).toList(),
                "the oneway send to an unknown topic went to a send thread");
    }

    private static Message message(String topic, int i) {
        return new Message(topic, "t", ("m" + i).getBytes(StandardCharsets.UTF_8));
    }
}
