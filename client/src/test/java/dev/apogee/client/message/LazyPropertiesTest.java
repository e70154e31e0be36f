package dev.apogee.client.message;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Received properties stay encoded until read, and read the same as if decoded at once. */
class LazyPropertiesTest {

    @Test
    void forEachPairSeesWhatDecodeKeeps() {
        String[] inputs = {"", "a\u00011\u0002", "a\u00011\u0002\u0001v\u0002c\u0001\u0002b\u0001x\u0002a\u00012",
            "x\u0001y", "\u0002\u0002k\u0001v\u0002"};
        for (String input : inputs) {
            Map<String, String> viaPairs = new LinkedHashMap<>();
            PropertiesCodec.forEachPair(input, (k, v) -> {
                viaPairs.put(k, v);
            });
            assertEquals(PropertiesCodec.decode(input), viaPairs, input);
        }
    }

    @Test
    void knownNamesAreHandedOverAsTheseInstances() {
        String known = new String("UNIQ_KEY".toCharArray());
        String[] names = {"TAGS", known};
        String encoded = "UNIQ_KEY\u0001abc\u0002UNIQ_KEYS\u0001x\u0002TAG\u0001y\u0002\u0001z\u0002";
        Map<String, String> seen = new LinkedHashMap<>();
        PropertiesCodec.forEachPair(encoded, names, (k, v) -> {
            seen.put(k, v);
            if (k.equals("UNIQ_KEY")) {
                org.junit.jupiter.api.Assertions.assertSame(known, k);
            }
        });
        assertEquals(PropertiesCodec.decode(encoded), seen);
        assertEquals(Map.of("UNIQ_KEY", "abc", "UNIQ_KEYS", "x", "TAG", "y"), seen);
    }

    @Test
    void repeatedValuesOfKnownNamesAreTheInstancesSeenBefore() {
        String[] names = {"DEST", "ID"};
        String[] lastValues = new String[names.length];
        List<Map<String, String>> decoded = new java.util.ArrayList<>();
        List<String> destinations = new java.util.ArrayList<>();
        List<String> ids = new java.util.ArrayList<>();
        for (String encoded : List.of("DEST\u0001queue://a\u0002ID\u00011\u0002x\u0001queue://a\u0002",
                "DEST\u0001queue://a\u0002ID\u00012\u0002", "ID\u00012\u0002DEST\u0001queue://b\u0002")) {
            Map<String, String> seen = new LinkedHashMap<>();
            PropertiesCodec.forEachPair(encoded, names, lastValues, (k, v) -> {
                seen.put(k, v);
                (k.equals("DEST") ? destinations : k.equals("ID") ? ids : new java.util.ArrayList<String>()).add(v);
            });
            assertEquals(PropertiesCodec.decode(encoded), seen, encoded);
            decoded.add(seen);
        }
        assertEquals(List.of("queue://a", "queue://a", "queue://b"), destinations);
        org.junit.jupiter.api.Assertions.assertSame(destinations.get(0), destinations.get(1), "equal: shared");
        assertEquals(List.of("1", "2", "2"), ids);
        org.junit.jupiter.api.Assertions.assertSame(ids.get(1), ids.get(2));
        org.junit.jupiter.api.Assertions.assertNotSame(decoded.get(0).get("x"), destinations.get(0),
                "an unknown name's value is its own copy");
        assertEquals("queue://b", lastValues[0], "a changed value replaces the cached one");
    }

    @Test
    void concatKeepsPairsApart() {
        assertEquals("a\u00011\u0002b\u00012\u0002", PropertiesCodec.concat("a\u00011\u0002", "b\u00012\u0002"));
        assertEquals("a\u00011\u0002b\u00012\u0002", PropertiesCodec.concat("a\u00011", "b\u00012\u0002"));
        assertEquals("b\u00012\u0002", PropertiesCodec.concat("", "b\u00012\u0002"));
        assertEquals("b\u00012\u0002", PropertiesCodec.concat(null, "b\u00012\u0002"));
    }

    @Test
    void appendedPairsActLikePutPropertyEncodedOrNot() {
        String pairs = "MIN_OFFSET\u00010\u0002MAX_OFFSET\u00019\u0002a\u0001new\u0002";
        Message lazy = new Message();
        lazy.setEncodedProperties("a\u0001old\u0002b\u00012\u0002");
        lazy.appendEncodedProperties(pairs);
        assertNotNull(lazy.encodedProperties(), "appending must not decode");
        Message eager = new Message();
        eager.setProperties(PropertiesCodec.decode("a\u0001old\u0002b\u00012\u0002"));
        eager.appendEncodedProperties(pairs);
        Map<String, String> expected = Map.of("a", "new", "b", "2", "MIN_OFFSET", "0", "MAX_OFFSET", "9");
        assertEquals(expected, eager.getProperties());
        assertEquals("new", lazy.getProperty("a"));
        assertNull(lazy.encodedProperties(), "reading decodes once");
        assertEquals(expected, lazy.getProperties());
        lazy.putProperty("c", "3");
        assertEquals("3", lazy.getProperties().get("c"));
    }

    @Test
    void decodedRecordReadsLikeTheOfficialOne() throws Exception {
        org.apache.rocketmq.common.message.MessageExt official = new org.apache.rocketmq.common.message.MessageExt();
        official.setTopic("TopicTest");
        official.setBody("hello".getBytes(StandardCharsets.UTF_8));
        official.setTags("TagA");
        official.putUserProperty("color", "red");
        official.setQueueId(1);
        official.setQueueOffset(5);
        official.setCommitLogOffset(123_456);
        official.setBornTimestamp(1_700_000_000_000L);
        official.setBornHost(new InetSocketAddress("10.0.0.5", 40000));
        official.setStoreTimestamp(1_700_000_000_001L);
        official.setStoreHost(new InetSocketAddress("127.0.0.1", 10911));
        byte[] record = org.apache.rocketmq.common.message.MessageDecoder.encode(official, false);
        MessageExt m = MessageDecoder.decode(ByteBuffer.wrap(record), true);
        assertNotNull(m);
        assertNotNull(m.encodedProperties(), "properties stay encoded until read");
        assertEquals("10.0.0.5:40000", m.getBornHost());
        assertEquals("127.0.0.1:10911", m.getStoreHost());
        assertEquals(org.apache.rocketmq.common.message.MessageDecoder.createMessageId(
                ByteBuffer.allocate(16), official.getStoreHostBytes(), 123_456), m.getOffsetMsgId());
        assertEquals("TagA", m.getTags());
        assertEquals("red", m.getProperty("color"));
        assertEquals(official.getProperties(), m.getProperties());
    }

    @Test
    void appendedPairsAreReadAfterTheStoredOnesWithoutDecoding() {
        String shared = "MIN_OFFSET\u00010\u0002MAX_OFFSET\u00019\u0002a\u0001new\u0002";
        Message m = new Message();
        m.setEncodedProperties("a\u0001old\u0002b\u00012\u0002");
        m.appendEncodedProperties(shared);
        m.appendEncodedProperties("c\u00013\u0002");
        List<String> seen = new ArrayList<>();
        Map<String, String> collected = new LinkedHashMap<>();
        String[] known = {"MAX_OFFSET"};
        assertTrue(m.forEachEncodedProperty(known, (name, value) -> {
            seen.add(name + "=" + value);
            collected.put(name, value);
            if (name.equals("MAX_OFFSET")) {
                assertSame(known[0], name, "a known name is handed over as that instance");
            }
        }));
        assertEquals(List.of("a=old", "b=2", "MIN_OFFSET=0", "MAX_OFFSET=9", "a=new", "c=3"), seen);
        assertEquals(m.getProperties(), collected, "later pairs win, as in the map");
        assertFalse(m.forEachEncodedProperty(known, (name, value) -> { }), "decoded: the map is the reader now");
    }

    @Test
    void recordsDecodeTheSameFromADirectBufferAndShareTheirTopic() {
        byte[] one = record("orders", "k\u0001v1\u0002", "first");
        byte[] two = record("orders", "k\u0001v2\u0002", "second");
        byte[] three = record("audit", "", "third");
        ByteBuffer direct = ByteBuffer.allocateDirect(one.length + two.length + three.length);
        direct.put(one).put(two).put(three).flip();
        List<MessageExt> fromDirect = MessageDecoder.decodeAll(direct, true);
        List<MessageExt> fromHeap = MessageDecoder.decodeAll(
                ByteBuffer.wrap(ByteBuffer.allocate(direct.capacity()).put(one).put(two).put(three).array()), true);
        assertEquals(3, fromDirect.size());
        for (int i = 0; i < 3; i++) {
            assertEquals(fromHeap.get(i).getTopic(), fromDirect.get(i).getTopic());
            assertEquals(fromHeap.get(i).getProperties(), fromDirect.get(i).getProperties());
            assertEquals(new String(fromHeap.get(i).getBody(), StandardCharsets.UTF_8),
                    new String(fromDirect.get(i).getBody(), StandardCharsets.UTF_8));
        }
        assertEquals("v2", fromDirect.get(1).getProperty("k"));
        assertSame(fromDirect.get(0).getTopic(), fromDirect.get(1).getTopic(), "one topic string per run of records");
        assertEquals("audit", fromDirect.get(2).getTopic());
        assertNull(fromDirect.get(2).getProperty("k"));
    }

    private static byte[] record(String topic, String properties, String body) {
        org.apache.rocketmq.common.message.MessageExt official = new org.apache.rocketmq.common.message.MessageExt();
        official.setTopic(topic);
        official.setBody(body.getBytes(StandardCharsets.UTF_8));
        PropertiesCodec.forEachPair(properties, official::putUserProperty);
        official.setBornHost(new InetSocketAddress("10.0.0.5", 40000));
        official.setStoreHost(new InetSocketAddress("127.0.0.1", 10911));
        try {
            return org.apache.rocketmq.common.message.MessageDecoder.encode(official, false);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
