package dev.apogee.client.message;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link PropertiesCodec#encodedLength} equals the UTF-8 length of the encoded properties, and
 * {@link PropertiesCodec#encodeUtf8} their UTF-8 bytes, for every kind of char.
 */
class PropertiesCodecTest {
    @ParameterizedTest
    @ValueSource(strings = {"", "plain", "caf\u00e9", "\u20ac uro", "\ud83d\ude00 pair", "lone \ud83d high",
            "lone \ude00 low", "\u0001\u0002 separators", "end with high \ud83d"})
    void encodedLengthIsTheUtf8LengthOfTheEncoding(String value) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("UNIQ_KEY", "7F0000010000000000000000000000AB");
        properties.put("k\u00e9y", value);
        properties.put("skipped", null);
        assertEquals(PropertiesCodec.encode(properties).getBytes(StandardCharsets.UTF_8).length,
                PropertiesCodec.encodedLength(properties));
        assertArrayEquals(PropertiesCodec.encode(properties).getBytes(StandardCharsets.UTF_8),
                PropertiesCodec.encodeUtf8(properties), "the direct UTF-8 encoding is the encoded string's");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void emptyAndNull(int empty) {
        assertEquals(0, PropertiesCodec.encodedLength(empty == 0 ? null : new HashMap<>()));
        assertEquals(0, PropertiesCodec.encodeUtf8(empty == 0 ? null : new HashMap<>()).length);
    }

    @Test
    void encodedStraightIntoABufferAtItsPosition() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("UNIQ_KEY", "7F0000010000000000000000000000AB");
        properties.put("k\u00e9y", "\u20ac and \ud83d\ude00");
        properties.put("skipped", null);
        byte[] expected = PropertiesCodec.encode(properties).getBytes(StandardCharsets.UTF_8);
        byte[] backing = new byte[5 + 2 + expected.length + 4];
        ByteBuffer slice = ByteBuffer.wrap(backing, 5, backing.length - 5).slice(); // array offset 5
        slice.putShort((short) 7);
        PropertiesCodec.encodeUtf8(properties, slice);
        assertEquals(2 + expected.length, slice.position(), "advanced by exactly the encoded length");
        assertArrayEquals(expected, Arrays.copyOfRange(backing, 7, 7 + expected.length));
        assertEquals(0, backing[7 + expected.length], "nothing written past it");
    }
}
