package dev.apogee.broker.send;

import dev.apogee.broker.fixture.BrokerFixture;
import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.SendResponseFields;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One connection's sends pipelined to the broker (many in flight, none awaited before the next is written) are
 * stored in send order per queue — async and oneway, V1 and V2 headers mixed — on a broker with several send
 * threads; and with a tiny send pool every send is still answered (stored or SYSTEM_BUSY), never dropped or hung.
 */
class PipelinedSendOrderTest {
    @TempDir
    Path dir;

    @Test
    void pipelinedSendsOfOneConnectionAreStoredInSendOrderPerQueue() throws Exception {
        try (BrokerFixture broker = BrokerFixture.start(dir, c -> c.setSendMessageThreadPoolNums(4));
             NettyRemotingClient client = startedClient()) {
            String topic = "PipelinedOrder";
            int queues = 4;
            int perQueue = 1_500;
            List<CompletableFuture<RemotingCommand>> answers = new ArrayList<>();
            for (int i = 0; i < perQueue; i++) {
                for (int q = 0; q < queues; q++) {
                    RemotingCommand send = send(i % 5 == 4 ? RequestCode.SEND_MESSAGE : RequestCode.SEND_MESSAGE_V2,
                            topic, q, q + ":" + i);
                    if (i % 3 == 2) {
                        client.invokeOneway(broker.brokerAddress(), send, 10_000);
                    } else {
                        answers.add(client.invokeAsync(broker.brokerAddress(), send, 30_000));
                    }
                }
            }
            for (CompletableFuture<RemotingCommand> answer : answers) {
                RemotingCommand response = answer.get(30, TimeUnit.SECONDS);
                assertEquals(ResponseCode.SUCCESS, response.code(), response.remark());
                assertEquals("1", response.extField(SendResponseFields.ORDERED_SENDS));
            }
            Map<Integer, List<MessageExt>> byQueue = byQueue(broker.readAll(topic, queues * perQueue,
                    Duration.ofSeconds(60)));
            for (int q = 0; q < queues; q++) {
                List<MessageExt> stored = byQueue.getOrDefault(q, List.of());
                assertEquals(perQueue, stored.size(), "messages stored in queue " + q);
                for (int i = 0; i < perQueue; i++) {
                    assertEquals(q + ":" + i, body(stored.get(i)), "queue " + q + " offset " + i);
                }
            }
        }
    }

    @Test
    void aTinySendPoolAnswersEverySendAndKeepsTheStoredOnesInOrder() throws Exception {
        try (BrokerFixture broker = BrokerFixture.start(dir, c -> {
            c.setSendMessageThreadPoolNums(1);
            c.setSendThreadPoolQueueCapacity(2);
        });
             NettyRemotingClient client = startedClient()) {
            String topic = "TinyPool";
            int sends = 3_000;
            List<CompletableFuture<RemotingCommand>> answers = new ArrayList<>();
            for (int i = 0; i < sends; i++) {
                answers.add(client.invokeAsync(broker.brokerAddress(),
                        send(RequestCode.SEND_MESSAGE_V2, topic, 0, "m" + i), 30_000));
            }
            List<String> accepted = new ArrayList<>();
            for (int i = 0; i < sends; i++) {
                RemotingCommand response = answers.get(i).get(30, TimeUnit.SECONDS);
                assertTrue(response.code() == ResponseCode.SUCCESS || response.code() == ResponseCode.SYSTEM_BUSY,
                        "send " + i + " answered " + response.code() + " " + response.remark());
                if (response.code() == ResponseCode.SUCCESS) {
                    accepted.add("m" + i);
                }
            }
            List<MessageExt> stored = byQueue(broker.readAll(topic, accepted.size(), Duration.ofSeconds(60)))
                    .getOrDefault(0, List.of());
            assertEquals(accepted, stored.stream().map(PipelinedSendOrderTest::body).toList(),
                    "exactly the accepted sends are stored, in send order");
        }
    }

    private static NettyRemotingClient startedClient() {
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig().setName("pipelined-sends"));
        client.start();
        return client;
    }

    /** A send with the long (V1) or one-letter (V2) header names, to one queue; broker-side auto-created topic. */
    private static RemotingCommand send(int code, String topic, int queueId, String body) {
        boolean v1 = code == RequestCode.SEND_MESSAGE;
        RemotingCommand request = RemotingCommand.createRequest(code);
        request.putExtField(v1 ? "producerGroup" : "a", "pipelined-producer");
        request.putExtField(v1 ? "topic" : "b", topic);
        request.putExtField(v1 ? "defaultTopic" : "c", "TBW102");
        request.putExtField(v1 ? "defaultTopicQueueNums" : "d", "4");
        request.putExtField(v1 ? "queueId" : "e", String.valueOf(queueId));
        request.putExtField(v1 ? "sysFlag" : "f", "0");
        request.putExtField(v1 ? "bornTimestamp" : "g", String.valueOf(System.currentTimeMillis()));
        request.putExtField(v1 ? "flag" : "h", "0");
        request.putExtField(v1 ? "properties" : "i", "");
        return request.body(body.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<Integer, List<MessageExt>> byQueue(List<MessageExt> messages) {
        Map<Integer, List<MessageExt>> byQueue = new HashMap<>();
        for (MessageExt m : messages) {
            byQueue.computeIfAbsent(m.getQueueId(), q -> new ArrayList<>()).add(m);
        }
        byQueue.values().forEach(list -> list.sort(Comparator.comparingLong(MessageExt::getQueueOffset)));
        return byQueue;
    }

    private static String body(MessageExt message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }
}
