package dev.apogee.remoting.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void treeTypes() {
        Object tree = Json.parse("{\"s\":\"x\",\"i\":1,\"big\":123456789012345678901234,\"d\":1.5,\"b\":true,\"n\":null,"
            + "\"a\":[1,\"2\"],\"o\":{0:\"m\"},\"huge\":1e400}");
        Map<?, ?> map = (Map<?, ?>) tree;
        assertEquals("x", map.get("s"));
        assertEquals(1L, map.get("i"));
        assertEquals(new BigDecimal("123456789012345678901234"), map.get("big"));
        assertEquals(1.5, map.get("d"));
        assertEquals(true, map.get("b"));
        assertTrue(map.containsKey("n"));
        assertEquals(List.of(1L, "2"), map.get("a"));
        assertEquals(Map.of("0", "m"), map.get("o"));
        assertEquals(new BigDecimal("1e400"), map.get("huge"));
    }

    @Test
    void objectKeysBecomeMapKeys() {
        Map<?, ?> map = (Map<?, ?>) Json.parse("{{\"brokerName\":\"b\",\"queueId\":3}:{\"maxOffset\":5}}");
        Map<String, Object> key = new LinkedHashMap<>();
        key.put("brokerName", "b");
        key.put("queueId", 3L);
        assertEquals(Map.of("maxOffset", 5L), map.get(key));
    }

    @Test
    void writeRoundTrips() {
        String[] samples = {
            "{\"a\":[1,2.5,\"x\\n\",true,false,null,{}],\"b\":{\"c\":[]}}",
            "{{\"brokerName\":\"b\",\"queueId\":3,\"topic\":\"T\"}:{\"maxOffset\":5}}",
            "[\"\\u0001\\u007F😀é\"]",
        };
        for (String sample : samples) {
            assertEquals(sample, Json.write(Json.parse(sample)));
        }
    }

    @Test
    void writesNumberKeysUnquotedAndSkipsNullValues() {
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put(0L, "a");
        map.put(1, "b");
        map.put("c", null);
        map.put("arr", new Object[] {Thread.State.NEW, 1.5f, new BigDecimal("1.10")});
        assertEquals("{0:\"a\",1:\"b\",\"arr\":[\"NEW\",1.5,1.10]}", Json.write(map));
        assertEquals("[1,2]", Json.write(Arrays.asList(1, 2)));
    }
}
