package dev.apogee.client.message;

import dev.apogee.client.producer.SendCodec;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A text body ({@link Message#setTextBody}) reads, measures and encodes exactly as its UTF-8 bytes would. */
class TextBodyTest {
    private static final String[] TEXTS = {"plain ascii", "ünïcode ✓ \uD83D\uDE00", "a\u0001b\u0002c",
        "lone \uD83D high", "lone \uDE00 low", "end with high \uD83D"};

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void measuresAndWritesItsUtf8(int which) {
        String text = TEXTS[which];
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        Message m = new Message();
        m.setTextBody(text);
        assertEquals(utf8.length, m.getBodyLength(), "measured without encoding");
        ByteBuffer direct = ByteBuffer.allocateDirect(utf8.length + 3);
        direct.put((byte) 9);
        m.writeBody(direct);
        assertEquals(1 + utf8.length, direct.position());
        byte[] written = new byte[utf8.length];
        direct.position(1);
        direct.get(written);
        assertArrayEquals(utf8, written);
        assertArrayEquals(utf8, m.getBody(), "a reader of bytes gets them");
        m.setBody(new byte[] {1, 2});
        assertEquals(2, m.getBodyLength(), "bytes replace the text");
        assertThrows(NullPointerException.class, () -> m.setTextBody(null));
    }

    @Test
    void aBatchOfTextBodiesEncodesAsTheSameBytes() {
        List<Message> texts = new ArrayList<>();
        List<Message> bytes = new ArrayList<>();
        for (int i = 0; i < TEXTS.length; i++) {
            Map<String, String> props = new LinkedHashMap<>();
            props.put("UNIQ_KEY", "ID" + i);
            props.put("k\u00e9y", "v" + i);
            Message t = new Message();
            t.setTopic("T");
            t.setTextBody(TEXTS[i]);
            t.setProperties(new LinkedHashMap<>(props));
            texts.add(t);
            Message b = new Message("T", TEXTS[i].getBytes(StandardCharsets.UTF_8));
            b.setProperties(new LinkedHashMap<>(props));
            bytes.add(b);
        }
        assertArrayEquals(BatchEncoder.encode(bytes), BatchEncoder.encode(texts));
    }

    /** A lone coalesced send, and a sync or async one (which now also write the message's own body), alike. */
    @Test
    void aLoneSendWritesTheTextIntoItsRequest() {
        Message m = new Message();
        m.setTopic("T");
        m.setTextBody(TEXTS[1]);
        m.putProperty("UNIQ_KEY", "ID1");
        SendCodec.SendTarget target = new SendCodec.SendTarget("g", new MessageQueue("T", "b", 0), 0, 1L, 4);
        assertArrayEquals(TEXTS[1].getBytes(StandardCharsets.UTF_8), SendCodec.single(target, m).body());
        Message bytes = new Message();
        bytes.setTopic("T");
        bytes.setBody(TEXTS[1].getBytes(StandardCharsets.UTF_8));
        bytes.putProperty("UNIQ_KEY", "ID1");
        assertEquals(SendCodec.single(target, bytes, bytes.getBody()).extFields(),
                SendCodec.single(target, m).extFields(), "the same request header");
    }

    @Test
    void theThreePartSetterTakesEitherKindAsGiven() {
        Message m = new Message();
        m.setBody(null, TEXTS[1], TEXTS[1].getBytes(StandardCharsets.UTF_8).length);
        assertEquals(TEXTS[1].getBytes(StandardCharsets.UTF_8).length, m.getBodyLength());
        assertArrayEquals(TEXTS[1].getBytes(StandardCharsets.UTF_8), m.getBody());
        m.setBody(new byte[] {7, 8, 9}, null, 3);
        assertEquals(3, m.getBodyLength());
        ByteBuffer out = ByteBuffer.allocate(3);
        m.writeBody(out);
        assertArrayEquals(new byte[] {7, 8, 9}, out.array());
        assertEquals(0, new Message().getBodyLength(), "no body");
        assertEquals(2, new Message("T", new byte[] {1, 2}).getBodyLength(), "the constructor's body is measured");
    }
}
