package dev.apogee.client.message;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
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
}
