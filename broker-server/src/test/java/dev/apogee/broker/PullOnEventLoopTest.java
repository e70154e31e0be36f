package dev.apogee.broker;

import dev.apogee.broker.fixture.BrokerFixture;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which pulls the broker answers right on the connection's event loop: a tag (or no) filter near the queue's end,
 * or a refusal; a property filter, a pull far behind the end (records that may have to be read from the disk) or
 * the first pull of an unknown group (its auto-creation writes a file) go to the pull executor. Both kinds are
 * answered correctly (the long-polling and filter suites run through both).
 */
class PullOnEventLoopTest {
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
    void cheapPullsRunOnTheEventLoopAndTheOthersOnTheExecutor() throws Exception {
        servers = BrokerFixture.start(dir, c -> { });
        String topic = "inline-" + System.nanoTime();
        DefaultMQProducer producer = servers.producer("inline-pg");
        MessageQueue queue = new MessageQueue(topic, servers.config().getBrokerName(), 0);
        try {
            for (int i = 0; i < 100; i++) {
                producer.send(new Message(topic, "t", ("m" + i).getBytes(StandardCharsets.UTF_8)), queue);
            }
        } finally {
            producer.shutdown();
        }
        DispatchWait.untilDispatched(servers.broker());
        var processor = servers.broker().pullProcessor;
        assertFalse(processor.processesOnEventLoop(null, pull(topic, 100, "t", "TAG")),
                "a group the broker does not know yet: auto-creating it writes a file");
        assertEquals(ResponseCode.SUCCESS, processor.processRequest(null, pull(topic, 0, "*", "TAG")).code(),
                "a pull on the executor creates the group");
        assertTrue(processor.processesOnEventLoop(null, pull(topic, 100, "t", "TAG")), "at the end: held");
        assertTrue(processor.processesOnEventLoop(null, pull(topic, 40, "*", "TAG")), "60 behind");
        assertFalse(processor.processesOnEventLoop(null, pull(topic, 0, "t || u", "TAG")), "100 behind");
        assertFalse(processor.processesOnEventLoop(null, pull(topic, 100, "a > 1", "SQL92")), "property filter");
        assertTrue(processor.processesOnEventLoop(null, pull("no-such-topic", 0, "*", "TAG")),
                "a refusal is answered at once");
        // a malformed header throws, which the dispatcher counts as false: the executor refuses it as before
        assertThrows(RemotingCommandException.class, () -> processor.processesOnEventLoop(null,
                RemotingCommand.createRequest(RequestCode.PULL_MESSAGE)));
        assertEquals(100, servers.readAll(topic, 100, java.time.Duration.ofSeconds(10)).size());
    }

    private static RemotingCommand pull(String topic, long offset, String expression, String type) {
        return RemotingCommand.createRequest(RequestCode.PULL_MESSAGE)
                .putExtField("consumerGroup", "inline-cg")
                .putExtField("topic", topic)
                .putExtField("queueId", "0")
                .putExtField("queueOffset", String.valueOf(offset))
                .putExtField("maxMsgNums", "32")
                .putExtField("sysFlag", String.valueOf(2 | 4)) // suspend, carries its subscription
                .putExtField("subscription", expression)
                .putExtField("expressionType", type);
    }
}
