package dev.apogee.store.record;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.*;

class StoredPropertiesReaderTest {
    private static String s(String readable) {
        return readable.replace('=', '\u0001').replace(';', '\u0002');
    }

    /** The byte-level reader must agree with the string codec on every input. */
    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "TAGS=a;KEYS=k1 k2;UNIQ_KEY=U1;",
            "TAGS=a;TAGS=b",
            "XTAGS=a;TAGS=;KEYS=;",
            "''",
            "TAGS=é-ü;",
            "TAGS=t;__STORE_TAGS_CODE=1234567;",
            "TAGS=t;__STORE_TAGS_CODE=-5;",
            "TAGS=t;__STORE_TAGS_CODE=12x;",
            "=x;TAGS=ok;;KEYS=a",
            "KEYS=a;UNIQ_KEY=b;KEYS=c;UNIQ_KEY=;TAGSX=1;TAG=2;__STORE_TAGS_CODE=;",
            "TAGS;KEYS=x=y;UNIQ_KEY=é",
    })
    void agreesWithTheStringCodec(String readable) {
        String props = s(readable.trim());
        byte[] bytes = props.getBytes(StandardCharsets.UTF_8);
        ByteBuffer buf = ByteBuffer.allocate(bytes.length + 10);
        buf.put(5, bytes);
        StoredPropertiesReader r = new StoredPropertiesReader().wrap(buf, 5, bytes.length);
        assertEquals(PropertiesCodec.tagsCode(props), r.tagsCode());
        for (String name : new String[] {"TAGS", "KEYS", "UNIQ_KEY"}) {
            assertEquals(PropertiesCodec.get(props, name), r.get(name.getBytes(StandardCharsets.US_ASCII)), name);
        }
        assertEquals(PropertiesCodec.get(props, "KEYS"), r.keys());
        assertEquals(PropertiesCodec.get(props, "UNIQ_KEY"), r.uniqKey());
    }

    /** One reader serves record after record: nothing found in one leaks into the next, whatever their sizes. */
    @Test
    void aReusedReaderReadsEachRecordOnItsOwn() {
        StoredPropertiesReader r = new StoredPropertiesReader();
        String big = s("TAGS=big;KEYS=k;UNIQ_KEY=U;__STORE_TAGS_CODE=7;PAD=" + "x".repeat(2000) + ";");
        String small = s("a=b;");
        for (String props : new String[] {small, big, small, big}) {
            byte[] bytes = props.getBytes(StandardCharsets.UTF_8);
            r.wrap(ByteBuffer.wrap(bytes), 0, bytes.length);
            assertEquals(PropertiesCodec.tagsCode(props), r.tagsCode());
            assertEquals(PropertiesCodec.get(props, "KEYS"), r.keys());
            assertEquals(PropertiesCodec.get(props, "UNIQ_KEY"), r.uniqKey());
            assertEquals(PropertiesCodec.get(props, "PAD"), r.get("PAD".getBytes(StandardCharsets.US_ASCII)));
        }
    }
}
