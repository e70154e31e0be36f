package dev.apogee.jms.message;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.jms.MessageFormatException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Kryo encoding of MapMessage / StreamMessage bodies: every JMS value type (Jakarta Messaging 3.1 §3.11.3), order, corruption. */
class TypedValueCodecTest {
    static List<Object> allValues() {
        return Arrays.asList(true, false, Byte.MIN_VALUE, Short.MAX_VALUE, '\u0000', '\uFFFF', Integer.MIN_VALUE,
                Long.MAX_VALUE, Float.NaN, -0.0f, Double.MAX_VALUE, Double.NEGATIVE_INFINITY, "", "ünïcode ✓ \uD83D\uDE00",
                "a\u0001b\u0002", null, new byte[0], new byte[] {0, -1, 127});
    }

    private static Object cmp(Object v) {
        return v instanceof byte[] b ? Arrays.toString(b) : v;
    }

    // §3.11.3 value types: a stream body keeps order, types and values
    @Test
    void streamRoundTrip() throws Exception {
        List<Object> values = allValues();
        List<Object> back = TypedValueCodec.decodeList(TypedValueCodec.encodeList(values));
        assertEquals(values.size(), back.size());
        for (int i = 0; i < values.size(); i++) {
            assertEquals(cmp(values.get(i)), cmp(back.get(i)), "index " + i);
            if (values.get(i) != null) {
                assertEquals(values.get(i).getClass(), back.get(i).getClass());
            }
        }
    }

    // §3.11.3 value types: a map body keeps names (in order), types and values
    @Test
    void mapRoundTrip() throws Exception {
        Map<String, Object> map = new LinkedHashMap<>();
        List<Object> values = allValues();
        for (int i = 0; i < values.size(); i++) {
            map.put("k" + i + (i % 2 == 0 ? "✓" : ""), values.get(i));
        }
        Map<String, Object> back = TypedValueCodec.decodeMap(TypedValueCodec.encodeMap(map));
        assertEquals(new ArrayList<>(map.keySet()), new ArrayList<>(back.keySet()));
        map.forEach((k, v) -> assertEquals(cmp(v), cmp(back.get(k)), k));
    }

    @Test
    void emptyBodies() throws Exception {
        assertEquals(List.of(), TypedValueCodec.decodeList(TypedValueCodec.encodeList(List.of())));
        assertEquals(Map.of(), TypedValueCodec.decodeMap(new byte[0]));
        assertArrayEquals(new byte[] {1, 0}, TypedValueCodec.encodeMap(Map.of()));
    }

    // Corrupt or foreign bytes are a MessageFormatException
    @ParameterizedTest
    @ValueSource(strings = {"02", "01", "0101", "0101ff", "01010a7f", "0105", "017f7f7f7f0f"})
    void corrupt(String hex) {
        byte[] bytes = java.util.HexFormat.of().parseHex(hex);
        assertThrows(MessageFormatException.class, () -> TypedValueCodec.decodeList(bytes));
        assertThrows(MessageFormatException.class, () -> TypedValueCodec.decodeMap(bytes));
    }
}
