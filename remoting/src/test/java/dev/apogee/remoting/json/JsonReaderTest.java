package dev.apogee.remoting.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class JsonReaderTest {

    @Test
    void readsRemotingHeader() {
        String header = "{\"code\":310,\"extFields\":{\"a\":\"pg1\",\"e\":\"3\"},\"flag\":0,\"language\":\"JAVA\","
            + "\"opaque\":5,\"serializeTypeCurrentRPC\":\"JSON\",\"version\":479}";
        JsonReader r = new JsonReader(header);
        r.beginObject();
        int code = 0;
        Map<String, String> ext = null;
        String language = null;
        int version = 0;
        while (r.hasNext()) {
            switch (r.nextName()) {
                case "code": code = r.nextInt(); break;
                case "extFields": ext = r.readStringMap(new LinkedHashMap<>()); break;
                case "language": language = r.nextString(); break;
                case "version": version = r.nextInt(); break;
                default: r.skipValue();
            }
        }
        r.endObject();
        assertEquals(JsonToken.END_DOCUMENT, r.peek());
        assertEquals(310, code);
        assertEquals(Map.of("a", "pg1", "e", "3"), ext);
        assertEquals("JAVA", language);
        assertEquals(479, version);
    }

    @Test
    void unquotedAndQuotedNumericNames() {
        JsonReader r = new JsonReader("{0:\"a\",\"1\":\"b\",-2:\"c\", name : 3}");
        r.beginObject();
        assertEquals(0L, r.nextNameAsLong());
        assertEquals("a", r.nextString());
        assertEquals(1L, r.nextNameAsLong());
        assertEquals("b", r.nextString());
        assertEquals(JsonToken.NAME, r.peek());
        assertEquals("-2", r.nextName());
        assertEquals("c", r.nextString());
        assertEquals("name", r.nextName());
        assertEquals(3, r.nextInt());
        r.endObject();
    }

    @Test
    void objectKeysPeekAsBeginObjectInNamePosition() {
        JsonReader r = new JsonReader("{{\"brokerName\":\"b\",\"queueId\":3,\"topic\":\"T\"}:{\"maxOffset\":5},"
            + "{\"queueId\":4}:7}");
        r.beginObject();
        assertEquals(JsonToken.BEGIN_OBJECT, r.peek());
        r.beginObject();
        assertEquals("brokerName", r.nextName());
        assertEquals("b", r.nextString());
        assertEquals("queueId", r.nextName());
        assertEquals(3, r.nextInt());
        assertEquals("topic", r.nextName());
        assertEquals("T", r.nextString());
        r.endObject();
        r.beginObject();
        assertEquals("maxOffset", r.nextName());
        assertEquals(5, r.nextLong());
        r.endObject();
        assertTrue(r.hasNext());
        assertEquals(JsonToken.BEGIN_OBJECT, r.peek());
        r.skipValue(); // the key object
        assertEquals(JsonToken.NUMBER, r.peek());
        r.skipValue(); // its value
        assertFalse(r.hasNext());
        r.endObject();
        assertEquals(JsonToken.END_DOCUMENT, r.peek());
    }

    @Test
    void lenientConversions() {
        JsonReader r = new JsonReader("[\"6\",6,\"true\",1,true,12.5,\"7.0\",null,null,null,\"\",'single']");
        r.beginArray();
        assertEquals(6, r.nextInt());
        assertEquals("6", r.nextString());
        assertTrue(r.nextBoolean());
        assertTrue(r.nextBoolean());
        assertEquals("true", r.nextString());
        assertEquals(12.5, r.nextDouble());
        assertEquals(7L, r.nextLong());
        assertNull(r.nextString());
        assertEquals(0L, r.nextLong());
        assertFalse(r.nextBoolean());
        assertEquals(0, r.nextInt());
        assertEquals("single", r.nextString());
        r.endArray();
    }

    @Test
    void longBoundaries() {
        JsonReader r = new JsonReader("[9223372036854775807,-9223372036854775808,1e3,-0]");
        r.beginArray();
        assertEquals(Long.MAX_VALUE, r.nextLong());
        assertEquals(Long.MIN_VALUE, r.nextLong());
        assertEquals(1000L, r.nextLong());
        assertEquals(0L, r.nextLong());
        r.endArray();
        assertThrows(JsonException.class, () -> new JsonReader("9223372036854775808").nextLong());
        assertThrows(JsonException.class, () -> new JsonReader("1.5").nextLong());
        assertThrows(JsonException.class, () -> new JsonReader("3000000000").nextInt());
    }

    @Test
    void stringEscapesAndUnicode() {
        String json = "[\"a\\u0001\\\"\\\\\\/\\b\\f\\n\\r\\t\\uD83D\\uDE00é😀\", \"plain\", \"ü\", \"x\\u00e9y\"]";
        JsonReader r = new JsonReader(json.getBytes(StandardCharsets.UTF_8));
        r.beginArray();
        assertEquals("a\u0001\"\\/\b\f\n\r\t😀é😀", r.nextString());
        assertEquals("plain", r.nextString());
        assertEquals("ü", r.nextString());
        assertEquals("xéy", r.nextString());
        r.endArray();
    }

    @Test
    void offsetAndLengthRespected() {
        byte[] framed = "XXXX{\"a\":[1,2]}YYYY".getBytes(StandardCharsets.UTF_8);
        JsonReader r = new JsonReader(framed, 4, framed.length - 8);
        r.beginObject();
        assertEquals("a", r.nextName());
        List<String> items = r.readStringArray(new ArrayList<>());
        assertEquals(List.of("1", "2"), items);
        r.endObject();
        assertEquals(JsonToken.END_DOCUMENT, r.peek());
    }

    @Test
    void trailingCommasAndBomTolerated() {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '[', '1', ',', ']'};
        JsonReader r = new JsonReader(bom);
        r.beginArray();
        assertEquals(1, r.nextInt());
        r.endArray();
        assertEquals(Map.of("a", 1L), Json.parse("{\"a\":1,}"));
    }

    @Test
    void skipValueSkipsNestedContent() {
        JsonReader r = new JsonReader("{\"x\":{\"y\":[1,{\"z\":\"\\\"}\"}],\"k\":{{\"a\":1}:2}},\"w\":9}");
        r.beginObject();
        assertEquals("x", r.nextName());
        r.skipValue();
        assertEquals("w", r.nextName());
        assertEquals(9, r.nextInt());
        r.endObject();

        JsonReader names = new JsonReader("{\"unknown\":[1,2],\"b\":2}");
        names.beginObject();
        names.skipValue(); // the name only, as in Gson
        assertEquals(JsonToken.BEGIN_ARRAY, names.peek());
        names.skipValue();
        assertEquals("b", names.nextName());
        assertEquals(2, names.nextInt());
        names.endObject();
    }

    @Test
    void shortAsciiStringsAreSharedAcrossDocumentsAndStayCorrectOnCollisions() {
        byte[] doc = "{\"code\":\"JAVA\"}".getBytes(StandardCharsets.UTF_8);
        JsonReader r = new JsonReader(doc);
        r.beginObject();
        String name = r.nextName();
        String value = r.nextString();
        r.reset(doc, 0, doc.length);
        r.beginObject();
        assertSame(name, r.nextName());
        assertSame(value, r.nextString());
        // many distinct strings through the small cache must never come back wrong
        StringBuilder big = new StringBuilder("[");
        for (int i = 0; i < 5000; i++) {
            big.append(i == 0 ? "" : ",").append("\"k").append(i).append('"');
        }
        JsonReader many = new JsonReader(big.append(']').toString());
        many.beginArray();
        for (int i = 0; i < 5000; i++) {
            assertEquals("k" + i, many.nextString());
        }
        many.endArray();
    }

    @Test
    void resetReusesReader() {
        JsonReader r = new JsonReader("1");
        assertEquals(1, r.nextInt());
        byte[] next = "\"two\"".getBytes(StandardCharsets.UTF_8);
        r.reset(next, 0, next.length);
        assertEquals("two", r.nextString());
        assertEquals(JsonToken.END_DOCUMENT, r.peek());
    }

    @Test
    void malformedInputsThrowJsonExceptionWithOffset() {
        String[] bad = {"", "{", "[1,2", "{\"a\"", "{\"a\":}", "\"abc", "\"\\q\"", "\"\\u12G4\"", "\"\\u12", "tru",
            "nul", "[1 2]", "{\"a\":1 \"b\":2}", "-", "1.", "1e", "01x", "[}", "{]", "{,}", "[,]",
            "{\"a\":1}x", "@", "{\"a\"::1}", "[\"a\"]]", "truex", "{[1]:2}"};
        for (String input : bad) {
            JsonException e = assertThrows(JsonException.class, () -> Json.parse(input), input);
            assertTrue(e.offset() >= 0, input);
        }
    }

    @Test
    void wrongTokenTypeIsJsonException() {
        assertThrows(JsonException.class, () -> new JsonReader("{}").beginArray());
        assertThrows(JsonException.class, () -> new JsonReader("[]").nextString());
        assertThrows(JsonException.class, () -> new JsonReader("\"x\"").nextLong());
        assertThrows(JsonException.class, () -> new JsonReader("\"maybe\"").nextBoolean());
        JsonReader r = new JsonReader("{\"a\":1}");
        r.beginObject();
        assertThrows(JsonException.class, r::nextString);
        JsonReader empty = new JsonReader("[]");
        empty.beginArray();
        assertThrows(JsonException.class, empty::skipValue);
    }

    @Test
    @Timeout(10)
    void deepNestingRejectedQuicklyWithoutStackOverflow() {
        byte[] deep = new byte[100_000];
        java.util.Arrays.fill(deep, (byte) '[');
        assertThrows(JsonException.class, () -> Json.parse(deep));
        JsonReader r = new JsonReader(deep);
        assertThrows(JsonException.class, r::skipValue);

        StringBuilder ok = new StringBuilder();
        ok.append("[".repeat(JsonReader.MAX_DEPTH)).append("]".repeat(JsonReader.MAX_DEPTH));
        Json.parse(ok.toString());
        String tooDeep = "{\"a\":".repeat(JsonReader.MAX_DEPTH + 1) + "1" + "}".repeat(JsonReader.MAX_DEPTH + 1);
        assertThrows(JsonException.class, () -> Json.parse(tooDeep));
    }
}
