package dev.apogee.remoting.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonWriterTest {

    @Test
    void writesRemotingHeaderShape() {
        Map<String, String> ext = new LinkedHashMap<>();
        ext.put("a", "pg1");
        ext.put("b", "TopicTest");
        JsonWriter w = new JsonWriter();
        w.beginObject()
            .member("code", 310)
            .stringMapMember("extFields", ext)
            .member("flag", 0)
            .member("language", "JAVA")
            .member("opaque", 5)
            .member("remark", (String) null)
            .member("serializeTypeCurrentRPC", "JSON")
            .member("version", 479)
            .endObject();
        assertEquals("{\"code\":310,\"extFields\":{\"a\":\"pg1\",\"b\":\"TopicTest\"},\"flag\":0,\"language\":\"JAVA\","
            + "\"opaque\":5,\"serializeTypeCurrentRPC\":\"JSON\",\"version\":479}", w.toString());
    }

    @Test
    void numericNamesUnquotedOrQuoted() {
        JsonWriter w = new JsonWriter();
        w.beginObject().name(0).value("127.0.0.1:10911").name(-1).value("x").nameQuoted(2).value("y").endObject();
        assertEquals("{0:\"127.0.0.1:10911\",-1:\"x\",\"2\":\"y\"}", w.toString());
    }

    @Test
    void objectKeys() {
        JsonWriter w = new JsonWriter();
        w.beginObject().name("offsetTable").beginObject();
        for (int q = 0; q < 2; q++) {
            w.beginObjectKey().member("brokerName", "b").member("queueId", q).member("topic", "T").endObject();
            w.beginObject().member("maxOffset", 5).endObject();
        }
        w.endObject().member("topicPutTps", 0.0).endObject();
        assertEquals("{\"offsetTable\":{{\"brokerName\":\"b\",\"queueId\":0,\"topic\":\"T\"}:{\"maxOffset\":5},"
            + "{\"brokerName\":\"b\",\"queueId\":1,\"topic\":\"T\"}:{\"maxOffset\":5}},\"topicPutTps\":0.0}", w.toString());
    }

    @Test
    void escapesLikeFastjson() {
        JsonWriter w = new JsonWriter();
        w.value("a\u0001b\u007f/c\"\\\n\t\b\f\r\u2028é😀\u001f");
        assertEquals("\"a\\u0001b\\u007F/c\\\"\\\\\\n\\t\\b\\f\\r\\u2028é😀\\u001F\"", w.toString());
    }

    @Test
    void browserCompatibleEscapesNonAsciiAndSlashAndQuotesBigLongs() {
        JsonWriter w = new JsonWriter().setBrowserCompatible(true);
        w.beginArray().value("é/😀").value(9007199254740993L).value(5L).endArray();
        assertEquals("[\"\\u00E9\\/\\uD83D\\uDE00\",\"9007199254740993\",5]", w.toString());
    }

    @Test
    void scalars() {
        JsonWriter w = new JsonWriter();
        w.beginArray().value(0.0).value(1e20).value(Double.NaN).value(true).value(7).nullValue()
            .value((String) null).rawValue("{\"r\":1}").stringArray(List.of("x", "y")).endArray();
        assertEquals("[0.0,1.0E20,null,true,7,null,null,{\"r\":1},[\"x\",\"y\"]]", w.toString());
    }

    @Test
    void utf8OutputMatchesJdkIncludingSurrogatesAndLoneSurrogates() {
        String s = "aé€😀\ud800x\udc00";
        JsonWriter w = new JsonWriter();
        w.value(s);
        byte[] expected = ("\"" + s + "\"").getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(expected, w.toUtf8Bytes());
        ByteBuf buf = Unpooled.buffer();
        assertEquals(expected.length, w.writeTo(buf));
        byte[] written = new byte[buf.readableBytes()];
        buf.readBytes(written);
        assertArrayEquals(expected, written);
    }

    @Test
    void resetAllowsReuse() {
        JsonWriter w = new JsonWriter();
        w.beginObject().member("a", 1).endObject();
        w.reset().beginArray().endArray();
        assertEquals("[]", w.toString());
    }

    @Test
    void misuseIsIllegalState() {
        assertThrows(IllegalStateException.class, () -> new JsonWriter().beginObject().value(1));
        assertThrows(IllegalStateException.class, () -> new JsonWriter().beginArray().name("a"));
        assertThrows(IllegalStateException.class, () -> new JsonWriter().beginObject().endArray());
        assertThrows(IllegalStateException.class, () -> new JsonWriter().value(1).value(2));
        assertThrows(IllegalStateException.class, () -> new JsonWriter().beginObject().name("a").endObject());
        assertThrows(IllegalStateException.class, () -> new JsonWriter().endObject());
    }
}
