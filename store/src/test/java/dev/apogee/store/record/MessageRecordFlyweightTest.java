package dev.apogee.store.record;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class MessageRecordFlyweightTest {
    /** The captured 277-byte pull record of protocol doc section 4.1, rebuilt field by field. */
    @Test
    void layoutMatchesTheCapturedExample() {
        assertEquals(0, MessageRecordFlyweight.TOTAL_SIZE_OFFSET);
        assertEquals(20, MessageRecordFlyweight.QUEUE_OFFSET_OFFSET);
        assertEquals(28, MessageRecordFlyweight.PHYSICAL_OFFSET_OFFSET);
        assertEquals(36, MessageRecordFlyweight.SYS_FLAG_OFFSET);
        assertEquals(48, MessageRecordFlyweight.BORN_HOST_OFFSET);
        String props = "x".repeat(0xa7);
        int size = MessageRecordFlyweight.recordSize(0, 10, 9, props.length(), false);
        assertEquals(0x115, size, "hello-sync in TopicTest with 167 bytes of properties is 277 bytes");
    }

    @Test
    void encodesAndDecodesIpv4AndIpv6() {
        for (boolean v6 : new boolean[] {false, true}) {
            EncodedMessage m = new EncodedMessage();
            m.topicName = "TopicTest";
            m.topic = m.topicName.getBytes(StandardCharsets.UTF_8);
            m.queueId = 3;
            m.flag = 9;
            m.body = ByteBuffer.wrap("hello-sync".getBytes(StandardCharsets.UTF_8));
            CRC32 crc = new CRC32();
            crc.update(m.body.duplicate());
            m.bodyCrc = (int) crc.getValue() & 0x7FFFFFFF;
            m.properties = "TAGS\u0001a\u0002".getBytes(StandardCharsets.UTF_8);
            m.sysFlag = v6 ? SysFlag.BORNHOST_V6 | SysFlag.STOREHOST_V6 : 0;
            m.bornHost = new byte[v6 ? 16 : 4];
            m.bornPort = 50000;
            m.storeHost = new byte[v6 ? 16 : 4];
            m.storeHost[0] = 127;
            m.storePort = 10911;
            m.bornTimestamp = 11;
            m.recordSize = MessageRecordFlyweight.recordSize(m.sysFlag, 10, 9, m.properties.length, false);
            ByteBuffer buf = ByteBuffer.allocate(1024);
            MessageRecordEncoder.encode(buf, 100, m, 5, 1100, 22);
            MessageRecordFlyweight f = new MessageRecordFlyweight().wrap(buf, 100);
            assertEquals(m.recordSize, f.totalSize());
            assertEquals(MessageRecordFlyweight.MAGIC_V1, f.magic());
            assertEquals(3, f.queueId());
            assertEquals(9, f.flag());
            assertEquals(5, f.queueOffset());
            assertEquals(1100, f.physicalOffset());
            assertEquals(11, f.bornTimestamp());
            assertEquals(22, f.storeTimestamp());
            assertEquals("hello-sync", new String(f.body(), StandardCharsets.UTF_8));
            assertEquals("TopicTest", f.topic());
            assertEquals("TAGS\u0001a\u0002", f.properties());
            assertEquals(10911, buf.getInt(100 + f.storeHostOffset() + (v6 ? 16 : 4)));
            RecordValidator v = new RecordValidator();
            assertEquals(RecordValidator.Outcome.MESSAGE, v.check(buf, 100, 1024, 1000, true));
            buf.put(100 + f.bodyOffset(), (byte) 'H');
            assertEquals(RecordValidator.Outcome.CORRUPT, v.check(buf, 100, 1024, 1000, true));
            assertEquals(RecordValidator.Outcome.CORRUPT, v.check(buf, 100, 1024, 999, false), "wrong position");
            assertEquals(RecordValidator.Outcome.END, v.check(buf, 600, 1024, 1000, true));
            MessageRecordEncoder.encodeBlank(buf, 600, 424);
            assertEquals(RecordValidator.Outcome.BLANK, v.check(buf, 600, 1024, 1000, true));
        }
    }
}
