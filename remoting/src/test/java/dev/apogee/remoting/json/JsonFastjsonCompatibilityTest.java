package dev.apogee.remoting.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.alibaba.fastjson.JSON;
import com.alibaba.fastjson.JSONObject;
import com.alibaba.fastjson.serializer.SerializerFeature;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Proves both directions against fastjson 1.2.83, the library the official servers and clients use. */
class JsonFastjsonCompatibilityTest {

    /** A nested bean as the official bodies are: fastjson writes getters in alphabetical order. */
    public static class Inner {
        private String name = "in\u0001ner \"q\" é😀";
        private Map<Long, String> addrs = new TreeMap<>(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"));

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public Map<Long, String> getAddrs() {
            return addrs;
        }

        public void setAddrs(Map<Long, String> addrs) {
            this.addrs = addrs;
        }
    }

    public static class Outer {
        private int count = 3;
        private double tps = 0.0;
        private boolean flag = true;
        private List<Inner> inners = new ArrayList<>(List.of(new Inner()));
        private Map<Integer, String> byInt = new HashMap<>(Map.of(7, "seven", -1, "minus"));

        public int getCount() {
            return count;
        }

        public double getTps() {
            return tps;
        }

        public boolean isFlag() {
            return flag;
        }

        public List<Inner> getInners() {
            return inners;
        }

        public Map<Integer, String> getByInt() {
            return byInt;
        }
    }

    @Test
    void parsesFastjsonNestedBeansWithIntegerKeys() {
        String json = JSON.toJSONString(new Outer());
        Map<?, ?> tree = (Map<?, ?>) Json.parse(json);
        assertEquals(3L, tree.get("count"));
        assertEquals(0.0, tree.get("tps"));
        assertEquals(true, tree.get("flag"));
        assertEquals(Map.of("7", "seven", "-1", "minus"), tree.get("byInt"));
        Map<?, ?> inner = (Map<?, ?>) ((List<?>) tree.get("inners")).get(0);
        assertEquals("in\u0001ner \"q\" é😀", inner.get("name"));
        assertEquals(Map.of("0", "127.0.0.1:10911", "1", "127.0.0.1:10921"), inner.get("addrs"));
        assertEquals(List.of("byInt", "count", "flag", "inners", "tps"), new ArrayList<>(tree.keySet()));
    }

    @Test
    void parsesFastjsonBrowserCompatibleOutput() {
        String json = JSON.toJSONString(new Outer(), SerializerFeature.BrowserCompatible, SerializerFeature.MapSortField);
        Map<?, ?> inner = (Map<?, ?>) ((List<?>) ((Map<?, ?>) Json.parse(json)).get("inners")).get(0);
        assertEquals("in\u0001ner \"q\" é😀", inner.get("name"));
    }

    @Test
    void parsesFastjsonObjectKeys() {
        Map<Map<String, Object>, Map<String, Object>> table = new LinkedHashMap<>();
        for (int q = 0; q < 3; q++) {
            Map<String, Object> key = new LinkedHashMap<>();
            key.put("brokerName", "broker-a");
            key.put("queueId", q);
            key.put("topic", "TopicTest");
            table.put(key, Map.of("maxOffset", 5 + q));
        }
        String json = JSON.toJSONString(Map.of("offsetTable", table));
        Map<?, ?> parsed = (Map<?, ?>) ((Map<?, ?>) Json.parse(json)).get("offsetTable");
        assertEquals(3, parsed.size());
        Map<String, Object> key = new LinkedHashMap<>();
        key.put("brokerName", "broker-a");
        key.put("queueId", 1L);
        key.put("topic", "TopicTest");
        assertEquals(Map.of("maxOffset", 6L), parsed.get(key));
    }

    @Test
    void fastjsonWritesExactlyWhatWeWrite() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("s", "a\u0001b\u007f/c\"\\\n\t\b\f\r\u2028é😀\u001f");
        map.put("d", 0.0);
        map.put("e", 1.0E20);
        map.put("l", Long.MIN_VALUE);
        map.put("b", false);
        map.put("list", List.of(1, "x"));
        assertEquals(JSON.toJSONString(map), Json.write(map));
        Map<Long, String> numeric = new LinkedHashMap<>();
        numeric.put(0L, "x");
        numeric.put(-1L, "y");
        assertEquals(JSON.toJSONString(numeric), Json.write(numeric));
    }

    @Test
    void everyCharEscapedExactlyAsFastjsonInBothModes() {
        JsonWriter plain = new JsonWriter();
        JsonWriter browser = new JsonWriter().setBrowserCompatible(true);
        StringBuilder all = new StringBuilder();
        for (int c = 0; c <= 0xFFFF; c++) {
            if (Character.isSurrogate((char) c)) {
                continue;
            }
            String s = String.valueOf((char) c);
            all.append(s);
            String hex = Integer.toHexString(c);
            assertEquals(JSON.toJSONString(s), plain.reset().value(s).toString(), hex);
            assertEquals(JSON.toJSONString(s, SerializerFeature.BrowserCompatible),
                browser.reset().value(s).toString(), hex);
        }
        String s = all.append("😀").toString();
        assertEquals(s, Json.parse(plain.reset().value(s).toUtf8Bytes()), "plain round trip");
        assertEquals(s, Json.parse(browser.reset().value(s).toUtf8Bytes()), "browser round trip");
    }

    @Test
    void fastjsonParsesOurOutput() {
        JsonWriter w = new JsonWriter();
        w.beginObject()
            .member("code", 105)
            .name("extFields").beginObject().member("topic", "T\u0002\u0001é😀\"\\").endObject()
            .name("addrs").beginObject().name(0).value("127.0.0.1:10911").nameQuoted(1).value("b").endObject()
            .member("tps", 1.5)
            .name("list").beginArray().value(1).value("two").nullValue().value(true).endArray()
            .endObject();
        JSONObject parsed = JSON.parseObject(w.toString());
        assertEquals(105, parsed.getIntValue("code"));
        assertEquals("T\u0002\u0001é😀\"\\", parsed.getJSONObject("extFields").getString("topic"));
        assertEquals("127.0.0.1:10911", parsed.getJSONObject("addrs").get(0));
        assertEquals("b", parsed.getJSONObject("addrs").getString("1"));
        assertEquals(1.5, parsed.getDoubleValue("tps"));
        assertEquals(4, parsed.getJSONArray("list").size());
        JSONObject fromBytes = JSON.parseObject(new String(w.toUtf8Bytes(), java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(parsed, fromBytes);
    }
}
