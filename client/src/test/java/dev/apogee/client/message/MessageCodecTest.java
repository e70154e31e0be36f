package dev.apogee.client.message;

import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Our codecs against the official 5.3.3 encoders and decoders (test-scope jar). */
class MessageCodecTest {

    @Test
    void propertiesRoundTripAndOfficialParsing() {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("TAGS", "TagA");
        props.put("KEYS", "k1 k2");
        props.put("a", "1");
        String encoded = PropertiesCodec.encode(props);
        assertEquals(props, org.apache.rocketmq.common.message.MessageDecoder.string2messageProperties(encoded));
        assertEquals(props, PropertiesCodec.decode(encoded));
        // 4.9.8 style without the final separator, empty names/values dropped, later duplicates win
        assertEquals(Map.of("a", "2", "b", "x"),
                PropertiesCodec.decode("a\u00011\u0002\u0001v\u0002c\u0001\u0002b\u0001x\u0002a\u00012"));
        assertEquals(Map.of(), PropertiesCodec.decode(""));
    }

    @Test
    void decodesOfficiallyEncodedStoredRecords() throws Exception {
        org.apache.rocketmq.common.message.MessageExt official = new org.apache.rocketmq.common.message.MessageExt();
        official.setTopic("TopicTest");
        official.setBody("hello".getBytes(StandardCharsets.UTF_8));
        official.setTags("TagA");
        official.setKeys("key1");
        official.putUserProperty("color", "red");
        official.setQueueId(3);
        official.setFlag(7);
        official.setQueueOffset(42);
        official.setCommitLogOffset(3719);
        official.setSysFlag(0);
        official.setBornTimestamp(1_700_000_000_000L);
        official.setBornHost(new InetSocketAddress("10.0.0.5", 40000));
        official.setStoreTimestamp(1_700_000_000_123L);
        official.setStoreHost(new InetSocketAddress("127.0.0.1", 10911));
        official.setReconsumeTimes(2);
        official.setPreparedTransactionOffset(0);
        official.setBodyCRC(99);
        byte[] one = org.apache.rocketmq.common.message.MessageDecoder.encode(official, false);
        ByteBuffer two = ByteBuffer.allocate(one.length * 2).put(one).put(one).flip();

        List<MessageExt> decoded = MessageDecoder.decodeAll(two, true);
        assertEquals(2, decoded.size());
        MessageExt m = decoded.get(0);
        assertEquals("TopicTest", m.getTopic());
        assertEquals("hello", new String(m.getBody(), StandardCharsets.UTF_8));
        assertEquals("TagA", m.getTags());
        assertEquals("key1", m.getKeys());
        assertEquals("red", m.getUserProperty("color"));
        assertEquals(3, m.getQueueId());
        assertEquals(7, m.getFlag());
        assertEquals(42, m.getQueueOffset());
        assertEquals(3719, m.getCommitLogOffset());
        assertEquals(1_700_000_000_000L, m.getBornTimestamp());
        assertEquals("10.0.0.5:40000", m.getBornHost());
        assertEquals("127.0.0.1:10911", m.getStoreHost());
        assertEquals(2, m.getReconsumeTimes());
        assertEquals("7F00000100002A9F0000000000000E87", m.getOffsetMsgId());
        assertEquals(one.length, m.getStoreSize());
    }

    @Test
    void inflatesZlibBodies() throws Exception {
        byte[] body = "x".repeat(6000).getBytes(StandardCharsets.UTF_8);
        byte[] compressed = Compression.zlib(body, Compression.DEFAULT_LEVEL);
        assertTrue(compressed.length < 100);
        assertEquals(0x78, compressed[0] & 0xFF);
        org.apache.rocketmq.common.message.MessageExt official = new org.apache.rocketmq.common.message.MessageExt();
        official.setTopic("T");
        official.setBody(compressed);
        official.setSysFlag(SysFlag.COMPRESSED | SysFlag.COMPRESSION_ZLIB);
        official.setBornHost(new InetSocketAddress("127.0.0.1", 1));
        official.setStoreHost(new InetSocketAddress("127.0.0.1", 2));
        byte[] record = org.apache.rocketmq.common.message.MessageDecoder.encode(official, false);
        MessageExt m = MessageDecoder.decodeAll(ByteBuffer.wrap(record), true).get(0);
        assertArrayEquals(body, m.getBody());
        assertEquals(SysFlag.COMPRESSION_ZLIB, m.getSysFlag());
    }

    @Test
    void batchBodyEqualsOfficialEncoding() throws Exception {
        List<Message> ours = new ArrayList<>();
        List<org.apache.rocketmq.common.message.Message> theirs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Map<String, String> props = new LinkedHashMap<>();
            props.put("KEYS", "b" + i);
            props.put("UNIQ_KEY", "ID" + i);
            Message m = new Message("T", ("batch-" + i).getBytes(StandardCharsets.UTF_8));
            m.setProperties(new LinkedHashMap<>(props));
            m.setFlag(i);
            ours.add(m);
            org.apache.rocketmq.common.message.Message o = new org.apache.rocketmq.common.message.Message("T",
                    ("batch-" + i).getBytes(StandardCharsets.UTF_8));
            o.setFlag(i);
            o.getProperties().clear();
            props.forEach((k, v) -> org.apache.rocketmq.common.message.MessageAccessor.putProperty(o, k, v));
            theirs.add(o);
        }
        // official writes properties from a HashMap: compare decoded structure rather than property order
        byte[] expected = org.apache.rocketmq.common.message.MessageDecoder.encodeMessages(theirs);
        byte[] actual = BatchEncoder.encode(ours);
        assertEquals(expected.length, actual.length);
        List<org.apache.rocketmq.common.message.Message> back =
                org.apache.rocketmq.common.message.MessageDecoder.decodeMessages(ByteBuffer.wrap(actual));
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(theirs.get(i).getBody(), back.get(i).getBody());
            assertEquals(i, back.get(i).getFlag());
            assertEquals("ID" + i, back.get(i).getProperty("UNIQ_KEY"));
        }
    }

    @Test
    void offsetMessageIdRoundTripsWithOfficial() throws Exception {
        String id = OffsetMessageId.encode(new byte[] {127, 0, 0, 1}, 10911, 3719);
        assertEquals("7F00000100002A9F0000000000000E87", id);
        assertEquals(org.apache.rocketmq.common.message.MessageDecoder.createMessageId(
                new InetSocketAddress("127.0.0.1", 10911), 3719), id);
        OffsetMessageId decoded = OffsetMessageId.decode(id);
        assertEquals("127.0.0.1:10911", decoded.storeAddress());
        assertEquals(3719, decoded.commitLogOffset());
    }

    @Test
    void uniqueKeysAreUniqueAndParsableByTheOfficialClient() {
        UniqueKeyGenerator generator = new UniqueKeyGenerator(new byte[] {10, 1, 2, 3}, 4321, 0x1234);
        Set<String> seen = new HashSet<>();
        long now = System.currentTimeMillis();
        for (int i = 0; i < 200_000; i++) {
            assertTrue(seen.add(generator.nextId(now)), "duplicate at " + i); // same millisecond: counter wraps
        }
        String first = generator.nextId(now);
        String second = generator.nextId(now);
        assertTrue(first.startsWith("0A01020310E100001234"), first); // ip, pid, class-loader hash
        assertEquals(first.substring(0, 28), second.substring(0, 28), "same millisecond and counter block");
        assertEquals(Integer.parseInt(first.substring(28), 16) + 1, Integer.parseInt(second.substring(28), 16));
        String id = UniqueKeyGenerator.next();
        assertEquals(32, id.length());
        String led = UniqueKeyGenerator.next("ID:".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertTrue(led.startsWith("ID:" + id.substring(0, 20)), led); // the same fixed prefix behind the lead
        assertEquals(35, led.length());
        assertTrue(led.substring(3).compareTo(id) > 0, "drawn from the same sequence: " + led + " after " + id);
        assertNotNull(MessageClientIDSetter.getIPStrFromID(id));
        // the official parser reads an id stamped in the very millisecond it parses as last month's (its test is
        // monthStart + elapsed >= now), so parse once the clock has moved on, as any real reader does
        long stamped = System.currentTimeMillis();
        while (System.currentTimeMillis() <= stamped) {
            Thread.onSpinWait();
        }
        long born = MessageClientIDSetter.getNearlyTimeFromID(id).getTime();
        assertTrue(Math.abs(born - System.currentTimeMillis()) < 60_000, "time inside the id: " + born);
    }

    @Test
    void validationExplainsProblems() {
        assertNull(MessageValidator.check(new Message("T-1_a%b|c", new byte[] {1}), 4 << 20));
        assertTrue(MessageValidator.check(new Message("bad topic", new byte[] {1}), 10).contains("characters"));
        assertTrue(MessageValidator.check(new Message("T", new byte[0]), 10).contains("empty"));
        assertTrue(MessageValidator.check(new Message("T", new byte[11]), 10).contains("limit"));
        assertTrue(MessageValidator.check(new Message("T".repeat(128), new byte[1]), 10).contains("longer"));
        assertTrue(MessageValidator.check(new Message("SCHEDULE_TOPIC_XXXX", new byte[1]), 10).contains("system"));
    }
}
