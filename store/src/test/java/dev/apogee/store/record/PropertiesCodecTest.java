package dev.apogee.store.record;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class PropertiesCodecTest {
    private static String s(String readable) {
        return readable.replace('=', '\u0001').replace(';', '\u0002');
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "a=1;b=2;          | {a=1, b=2}",
            "a=1;b=2           | {a=1, b=2}",
            "=1;b=2;           | {b=2}",
            "a=;b=2;           | {b=2}",
            "a=1;a=3;          | {a=3}",
            "x;ab=c;           | {ab=c}",
            "''                | {}",
            ";;a=1;;           | {a=1}",
    })
    void decodesLikeTheJavaClient(String input, String expected) {
        assertEquals(expected, PropertiesCodec.decode(s(input.trim())).toString());
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', nullValues = "NULL", value = {
            "TAGS=a;KEYS=k;     | TAGS | a",
            "TAGS=a;TAGS=b      | TAGS | b",
            "XTAGS=a;           | TAGS | NULL",
            "TAGS=;             | TAGS | NULL",
            "KEYS=k1 k2;TAGS=t; | KEYS | k1 k2",
            "''                 | TAGS | NULL",
    })
    void getsOneValueWithoutAMap(String input, String name, String expected) {
        assertEquals(expected, PropertiesCodec.get(s(input.trim()), name));
    }

    @Test
    void encodesWithTrailingSeparatorAndSkipsEmpties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("TAGS", "t");
        m.put("", "x");
        m.put("e", "");
        m.put("KEYS", "k");
        assertEquals(s("TAGS=t;KEYS=k;"), PropertiesCodec.encode(m));
        assertEquals("t".hashCode(), PropertiesCodec.tagsCode(s("TAGS=t;")));
        assertEquals(0, PropertiesCodec.tagsCode(""));
        assertEquals(0, PropertiesCodec.tagsCode(null));
        assertEquals(123, PropertiesCodec.tagsCode(s("TAGS=t;__STORE_TAGS_CODE=123;")), "broker override");
        assertEquals("t".hashCode(), PropertiesCodec.tagsCode(s("TAGS=t;__STORE_TAGS_CODE=x;")));
    }

    @ParameterizedTest(name = "[{index}] {0} without REAL_TOPIC, REAL_QID")
    @CsvSource(delimiter = '|', value = {
            "REAL_TOPIC=t;TAGS=a;REAL_QID=1;KEYS=k | TAGS=a;KEYS=k;",
            "TAGS=a;REAL_TOPIC=t                   | TAGS=a;",
            "REAL_TOPICX=t;XREAL_QID=2;            | REAL_TOPICX=t;XREAL_QID=2;",
            "=1;a=;b=2;REAL_QID=3;b=4              | b=2;b=4;",
            "REAL_TOPIC=t;REAL_QID=1;              | ''",
            "''                                    | ''",
    })
    void removesNamedPairsWithoutAMap(String input, String expected) {
        String out = PropertiesCodec.without(s(input.trim()), "REAL_TOPIC", "REAL_QID");
        assertEquals(s(expected.trim()), out);
        Map<String, String> rest = PropertiesCodec.decode(s(input.trim()));
        rest.remove("REAL_TOPIC");
        rest.remove("REAL_QID");
        assertEquals(rest, PropertiesCodec.decode(out), "same pairs as decoding and removing");
    }
}
