package dev.apogee.client.producer;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.MQBrokerException;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.PropertiesCodec;
import dev.apogee.client.message.SysFlag;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Producer retry, fault tolerance and request encoding against scripted in-JVM brokers. */
class ProducerRetryTest {
    private FakeCluster cluster;
    private Producer producer;

    @BeforeEach
    void start() throws Exception {
        cluster = new FakeCluster();
        producer = new Producer(new ProducerConfig("pg").setClientConfig(new ClientConfig()
                .setNamesrvAddress(cluster.namesrvAddress()).setInstanceName("retry-test")));
        producer.start();
    }

    @AfterEach
    void stop() {
        producer.shutdown();
        cluster.close();
    }

    @Test
    void busyBrokerIsRetriedOnTheOtherAndThenAvoided() throws Exception {
        cluster.a.answer = ResponseCode.SYSTEM_BUSY;
        for (int i = 0; i < 6; i++) {
            SendResult result = producer.send(message("m" + i));
            assertEquals("b", result.messageQueue().brokerName());
        }
        assertTrue(cluster.a.sends.size() <= 1, "a is avoided after its first failure: " + cluster.a.sends.size());
        assertFalse(producer.faultTolerance().isAvailable("a"));
    }

    @Test
    void nonRetryableAnswerIsThrownAtOnce() {
        cluster.a.answer = ResponseCode.REQUEST_CODE_NOT_SUPPORTED;
        cluster.b.answer = ResponseCode.REQUEST_CODE_NOT_SUPPORTED;
        MQBrokerException e = assertThrows(MQBrokerException.class, () -> producer.send(message("x")));
        assertEquals(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, e.responseCode());
        assertEquals(1, cluster.a.sends.size() + cluster.b.sends.size(), "exactly one attempt");
    }

    @Test
    void retryableAnswersUseUpTheAttempts() {
        cluster.a.answer = ResponseCode.SYSTEM_BUSY;
        cluster.b.answer = ResponseCode.SYSTEM_BUSY;
        MQBrokerException e = assertThrows(MQBrokerException.class, () -> producer.send(message("x")));
        assertEquals(ResponseCode.SYSTEM_BUSY, e.responseCode());
        assertEquals(3, cluster.a.sends.size() + cluster.b.sends.size(), "1 + retryTimesWhenSendFailed attempts");
    }

    @Test
    void asyncSendIsRetriedOnTheOtherBrokerAndFailuresComplete() throws Exception {
        cluster.a.answer = ResponseCode.SERVICE_NOT_AVAILABLE;
        for (int i = 0; i < 4; i++) {
            assertEquals("b", producer.sendAsync(message("a" + i)).get(5, TimeUnit.SECONDS).messageQueue()
                    .brokerName());
        }
        cluster.b.answer = ResponseCode.SERVICE_NOT_AVAILABLE;
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> producer.sendAsync(message("z")).get(5, TimeUnit.SECONDS));
        assertInstanceOf(MQBrokerException.class, e.getCause());
    }

    @Test
    void asyncSendWithoutRetryMakesOneAttemptAndReportsItsFailure() {
        cluster.a.answer = ResponseCode.SYSTEM_BUSY;
        cluster.b.answer = ResponseCode.SYSTEM_BUSY;
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> producer.sendAsync(message("once"), 0, false).get(5, TimeUnit.SECONDS));
        assertEquals(ResponseCode.SYSTEM_BUSY, assertInstanceOf(MQBrokerException.class, e.getCause()).responseCode());
        assertEquals(1, cluster.a.sends.size() + cluster.b.sends.size(), "exactly one attempt");
    }

    @Test
    void requestCarriesTheV2HeaderAndCompressedBody() throws Exception {
        Message small = new Message("T", "TagA", "k1", "hi".getBytes(StandardCharsets.UTF_8));
        small.setDelayTimeLevel(3);
        SendResult result = producer.send(small);
        RemotingCommand request = lastSend();
        assertEquals("pg", request.extField("a"));
        assertEquals("T", request.extField("b"));
        assertEquals("TBW102", request.extField("c"));
        assertEquals("4", request.extField("d"));
        assertEquals(String.valueOf(result.messageQueue().queueId()), request.extField("e"));
        assertEquals("0", request.extField("f"));
        assertEquals(result.messageQueue().brokerName(), request.extField("n"));
        Map<String, String> props = PropertiesCodec.decode(request.extField("i"));
        assertEquals("TagA", props.get("TAGS"));
        assertEquals("k1", props.get("KEYS"));
        assertEquals("3", props.get("DELAY"));
        assertEquals("true", props.get("WAIT"));
        assertEquals(result.msgId(), props.get("UNIQ_KEY"));

        byte[] big = "z".repeat(6000).getBytes(StandardCharsets.UTF_8);
        producer.send(new Message("T", big));
        request = lastSend();
        assertEquals(String.valueOf(SysFlag.COMPRESSED | SysFlag.COMPRESSION_ZLIB), request.extField("f"));
        assertTrue(request.body().length < 100);
    }

    @Test
    void invalidMessagesAreRefusedWithTheReason() {
        var e = assertThrows(dev.apogee.client.MQClientException.class,
                () -> producer.send(new Message("bad topic!", new byte[] {1})));
        assertEquals(ResponseCode.MESSAGE_ILLEGAL, e.responseCode());
        assertTrue(e.getMessage().contains("characters"));
    }

    private RemotingCommand lastSend() {
        RemotingCommand lastA = cluster.a.sends.isEmpty() ? null : cluster.a.sends.get(cluster.a.sends.size() - 1);
        RemotingCommand lastB = cluster.b.sends.isEmpty() ? null : cluster.b.sends.get(cluster.b.sends.size() - 1);
        if (lastA == null) {
            return lastB;
        }
        if (lastB == null) {
            return lastA;
        }
        return lastA.opaque() > lastB.opaque() ? lastA : lastB;
    }

    private static Message message(String body) {
        return new Message("T", body.getBytes(StandardCharsets.UTF_8));
    }
}
