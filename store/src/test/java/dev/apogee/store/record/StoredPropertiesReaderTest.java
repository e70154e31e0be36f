package dev.apogee.store.record;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

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
    }
}
