package dev.apogee.broker.retry;

import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.broker.schedule.DelayLevelTable;
import dev.apogee.broker.send.MessageRedirect;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.timer.TimerRouting;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.GetResult;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.StoreConfig;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;
import dev.apogee.broker.topic.SystemTopics;
import dev.apogee.broker.config.BrokerConfig;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** CONSUMER_SEND_MSG_BACK against a real store: what the copy looks like and where it goes. */
class ConsumerSendMsgBackProcessorTest {
    private static final InetSocketAddress HOST = new InetSocketAddress("127.0.0.1", 10911);

    @TempDir
    Path dir;
    private MessageStore store;
    private ConsumerSendMsgBackProcessor processor;
    private final EmbeddedChannel channel = new EmbeddedChannel();

    @BeforeEach
    void start() throws Exception {
        store = MessageStore.open(StoreConfig.builder(dir.resolve("store")).commitLogFileSize(4 * 1024 * 1024).build());
        store.start();
        BrokerConfig config = new BrokerConfig();
        DelayLevelTable levels = new DelayLevelTable(config.getMessageDelayLevel());
        TopicConfigTable topics = new TopicConfigTable(new ConfigFile(dir.resolve("topics.json")));
        topics.load(new SystemTopics(config, levels.maxLevel()));
        SubscriptionGroupTable groups = new SubscriptionGroupTable(new ConfigFile(dir.resolve("groups.json")), true);
        MessageRedirect redirect = new MessageRedirect(topics, groups, levels,
                new TimerRouting(System::currentTimeMillis, 3L * 24 * 3600 * 1000));
        processor = new ConsumerSendMsgBackProcessor(store, topics, groups, redirect, levels, HOST);
    }

    @AfterEach
    void stop() {
        store.shutdown();
    }

    private long storeOriginal(int reconsumeTimes) {
        MessageToStore original = new MessageToStore("Orders", 2, "payload".getBytes(StandardCharsets.UTF_8))
                .properties("TAGS\u0001TagA\u0002KEYS\u0001k1\u0002UNIQ_KEY\u0001ABC\u0002")
                .flag(9).bornTimestamp(12345).bornHost(new InetSocketAddress("127.0.0.1", 4444)).storeHost(HOST)
                .reconsumeTimes(reconsumeTimes);
        PutResult result = store.putMessage(original).join();
        return result.wroteOffset();
    }

    private RemotingCommand sendBack(long offset, int delayLevel, Integer max) {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.CONSUMER_SEND_MSG_BACK)
                .putExtField("offset", String.valueOf(offset)).putExtField("group", "cg")
                .putExtField("delayLevel", String.valueOf(delayLevel)).putExtField("originMsgId", "ABC");
        if (max != null) {
            request.putExtField("maxReconsumeTimes", String.valueOf(max));
        }
        assertEquals(null, processor.processRequest(channel, request));
        ByteBuf frame = await().until(channel::readOutbound, r -> r != null); // the response as it goes out
        try {
            return RemotingCommandCodec.decode(frame.skipBytes(4)); // after the frame's length word
        } finally {
            frame.release();
        }
    }

    private MessageRecordFlyweight only(String topic, int queueId) {
        await().until(() -> store.getMaxOffsetInQueue(topic, queueId) == 1);
        GetResult result = store.getMessages(topic, queueId, 0, 1, Integer.MAX_VALUE, MessageFilter.ALL);
        return new MessageRecordFlyweight().wrap(result.messages().get(0), result.messages().get(0).position());
    }

    @Test
    void firstFailureGoesToTheScheduleTopicAtLevelThree() {
        RemotingCommand response = sendBack(storeOriginal(0), 0, 16);
        assertEquals(ResponseCode.SUCCESS, response.code());
        MessageRecordFlyweight copy = only(TopicValidator.SCHEDULE_TOPIC, 2);
        Map<String, String> p = PropertiesCodec.decode(copy.properties());
        assertEquals("%RETRY%cg", p.get("REAL_TOPIC"));
        assertEquals("0", p.get("REAL_QID"));
        assertEquals("3", p.get("DELAY"));
        assertEquals("Orders", p.get("RETRY_TOPIC"));
        assertEquals("ABC", p.get("ORIGIN_MESSAGE_ID"));
        assertEquals("false", p.get("WAIT"));
        assertEquals("TagA", p.get("TAGS"));
        assertEquals("ABC", p.get("UNIQ_KEY"));
        assertEquals(1, copy.reconsumeTimes());
        assertEquals(9, copy.flag());
        assertEquals(12345, copy.bornTimestamp());
        assertEquals("payload", new String(copy.body(), StandardCharsets.UTF_8));
    }

    @Test
    void explicitLevelIsKept() {
        sendBack(storeOriginal(4), 2, null);
        assertEquals("2", PropertiesCodec.decode(only(TopicValidator.SCHEDULE_TOPIC, 1).properties()).get("DELAY"));
    }

    @Test
    void exhaustedRetriesGoToTheDeadLetterQueue() {
        sendBack(storeOriginal(2), 0, 2);
        MessageRecordFlyweight dead = only("%DLQ%cg", 0);
        Map<String, String> p = PropertiesCodec.decode(dead.properties());
        assertEquals(null, p.get("DELAY"));
        assertEquals("Orders", p.get("RETRY_TOPIC"));
        assertEquals(3, dead.reconsumeTimes());
    }

    @Test
    void negativeLevelGoesStraightToTheDeadLetterQueue() {
        sendBack(storeOriginal(0), -1, 16);
        assertNotNull(only("%DLQ%cg", 0));
    }

    @Test
    void unknownOffsetIsRefused() {
        RemotingCommand response = RemotingCommand.createRequest(RequestCode.CONSUMER_SEND_MSG_BACK);
        response = processor.processRequest(channel, response.putExtField("offset", "999999")
                .putExtField("group", "cg").putExtField("delayLevel", "0"));
        assertEquals(ResponseCode.SYSTEM_ERROR, response.code());
    }
}
