package dev.apogee.jms.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTemporaryQueue;
import jakarta.jms.IllegalStateException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The compact received-properties map and the destination cache of the receive path. */
class WirePropertyMapTest {

    @Test
    void buildsLikeRocketMqDecoding() {
        WirePropertyMap.Builder b = WirePropertyMap.builder();
        b.put("a", "1").put("b", "2").put("", "x").put("c", "").put("d", null).put("a", "3");
        for (int i = 0; i < 40; i++) { // past the initial capacity
            b.put("p" + i, "v" + i);
        }
        assertEquals("2", b.remove("b"));
        assertNull(b.remove("missing"));
        WirePropertyMap p = b.build();
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("a", "3"); // a later duplicate replaces the value and keeps the position
        for (int i = 0; i < 40; i++) {
            expected.put("p" + i, "v" + i);
        }
        assertEquals(expected, p);
        assertEquals(expected.hashCode(), p.hashCode());
        assertEquals(41, p.size());
        assertEquals("v39", p.get("p39"));
        assertTrue(p.containsKey("a"));
        assertFalse(p.containsKey("b"));
        assertNull(p.get("c"));
        List<String> order = new ArrayList<>();
        p.forEach((k, v) -> order.add(k));
        assertEquals(new ArrayList<>(expected.keySet()), order);
        assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(p.keySet()));
        assertThrows(UnsupportedOperationException.class, () -> p.put("x", "y"));
    }

    @Test
    void wireMessageKeepsTheCompactFormAndCopiesOthers() {
        WirePropertyMap p = WirePropertyMap.builder().put("k", "v").build();
        assertSame(p, new WireMessage("t", null, null, new byte[1], p, 1L, 0).properties());
        Map<String, String> plain = new LinkedHashMap<>(Map.of("k", "v"));
        WireMessage copied = new WireMessage("t", null, null, new byte[1], plain, 1L, 0);
        plain.put("k", "changed");
        assertEquals("v", copied.properties().get("k"));
    }

    @Test
    void destinationCacheReusesTheLastParse() throws Exception {
        DestinationCache cache = new DestinationCache();
        assertNull(cache.parse(null));
        Object first = cache.parse("queue://orders");
        assertEquals(new ApogeeQueue("orders"), first);
        assertSame(first, cache.parse("queue://orders"));
        assertEquals(new ApogeeQueue("other"), cache.parse("queue://other"));
        assertNull(cache.parse("bogus://x"), "unparseable stays lenient");
        ApogeeTemporaryQueue temp = (ApogeeTemporaryQueue) cache.parse("temp-queue://TMP_1");
        assertSame(temp, cache.parse("temp-queue://TMP_1"));
        assertThrows(IllegalStateException.class, temp::delete, "a received reply-to cannot delete");
    }
}
