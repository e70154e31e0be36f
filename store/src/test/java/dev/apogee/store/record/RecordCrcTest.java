package dev.apogee.store.record;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class RecordCrcTest {
    private static final String USER_PROPERTIES = "KEYS\u0001k-1\u0002UNIQ_KEY\u0001ABC\u0002";

    @Test
    void aSealedRecordVerifiesAndEveryByteBeforeTheDigitsIsCovered() {
        ByteBuffer record = sealed(USER_PROPERTIES);
        int size = record.getInt(0);
        MessageRecordFlyweight view = new MessageRecordFlyweight().wrap(record, 0);
        assertEquals(RecordCrc.Check.MATCH, RecordCrc.verify(record, 0, size, view.propertiesLength()));
        assertEquals("k-1", PropertiesCodec.decode(view.properties()).get("KEYS"));
        assertEquals(10, PropertiesCodec.decode(view.properties()).get(RecordCrc.PROPERTY).length());
        int propertiesLength = view.propertiesLength();
        int prefixStart = size - RecordCrc.RESERVED_LENGTH;
        for (int at = 0; at < size; at++) {
            boolean inPrefix = at >= prefixStart && at < prefixStart + RecordCrc.PROPERTY.length() + 1;
            byte original = record.get(at);
            record.put(at, (byte) (original ^ 0x01));
            RecordCrc.Check check = RecordCrc.verify(record, 0, size, propertiesLength);
            // a flip inside the property name makes it an ordinary property: nothing else of the record changed
            assertEquals(inPrefix ? RecordCrc.Check.ABSENT : RecordCrc.Check.MISMATCH, check, "flip at " + at);
            record.put(at, original);
        }
    }

    @Test
    void aRecordWrittenWithoutTheCrcIsAbsentNotCorrupt() {
        ByteBuffer record = encode(USER_PROPERTIES, false);
        MessageRecordFlyweight view = new MessageRecordFlyweight().wrap(record, 0);
        assertEquals(RecordCrc.Check.ABSENT,
                RecordCrc.verify(record, 0, view.totalSize(), view.propertiesLength()));
    }

    @Test
    void anOldCrcIsDroppedAndTheLastPairKeepsItsValue() {
        String stored = "KEYS\u0001k\u0002" + RecordCrc.PROPERTY + "\u00011234567890\u0002TAGS\u0001t";
        String ready = RecordCrc.withoutCrc(stored);
        assertEquals("KEYS\u0001k\u0002TAGS\u0001t\u0002", ready);
        assertEquals("", RecordCrc.withoutCrc(""));
        ByteBuffer record = sealed(stored);
        Map<String, String> decoded = PropertiesCodec.decode(new MessageRecordFlyweight().wrap(record, 0)
                .properties());
        assertEquals("t", decoded.get("TAGS"));
        assertNotEquals("1234567890", decoded.get(RecordCrc.PROPERTY));
    }

    private static ByteBuffer sealed(String properties) {
        return encode(RecordCrc.withoutCrc(properties), true);
    }

    private static ByteBuffer encode(String properties, boolean crc) {
        EncodedMessage m = new EncodedMessage();
        m.topicName = "T";
        m.topic = "T".getBytes(StandardCharsets.UTF_8);
        m.queueId = 3;
        m.body = ByteBuffer.wrap("hello body".getBytes(StandardCharsets.UTF_8));
        m.properties = properties.getBytes(StandardCharsets.UTF_8);
        m.recordCrc = crc;
        m.bornHost = new byte[] {127, 0, 0, 1};
        m.storeHost = new byte[] {127, 0, 0, 1};
        m.recordSize = MessageRecordFlyweight.recordSize(0, m.body.remaining(), 1,
                m.properties.length + (crc ? RecordCrc.RESERVED_LENGTH : 0), false);
        ByteBuffer target = ByteBuffer.allocate(m.recordSize);
        MessageRecordEncoder.encode(target, 0, m, 42, 4096, 1_700_000_000_000L);
        return target;
    }
}
