package dev.apogee.client.message;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link CompactProperties} behaves as an insertion-ordered map (checked against LinkedHashMap) and refuses nulls. */
class CompactPropertiesTest {

    @Test
    void randomOperationsMatchALinkedHashMap() {
        Random random = new Random(42);
        CompactProperties compact = new CompactProperties(2); // grows several times
        Map<String, String> model = new LinkedHashMap<>();
        for (int step = 0; step < 5_000; step++) {
            String name = "p" + random.nextInt(40);
            switch (random.nextInt(4)) {
                case 0, 1 -> assertEquals(model.put(name, "v" + step), compact.put(name, "v" + step), name);
                case 2 -> assertEquals(model.remove(name), compact.remove(name), name);
                default -> assertEquals(model.get(name), compact.get(name), name);
            }
            assertEquals(model.size(), compact.size());
            assertEquals(model.containsKey(name), compact.containsKey(name));
        }
        assertEquals(model, compact);
        assertEquals(model.hashCode(), compact.hashCode());
        List<String> order = new ArrayList<>();
        compact.forEach((name, value) -> order.add(name + "=" + value));
        List<String> expected = new ArrayList<>();
        model.forEach((name, value) -> expected.add(name + "=" + value));
        assertEquals(expected, order, "insertion order, a replaced value keeping its place");
    }

    @Test
    void iteratorRemovesAndDetectsConcurrentChanges() {
        CompactProperties compact = new CompactProperties(4);
        compact.put("a", "1");
        compact.put("b", "2");
        compact.put("c", "3");
        Iterator<Map.Entry<String, String>> it = compact.entrySet().iterator();
        assertEquals("a", it.next().getKey());
        it.remove();
        assertEquals("b", it.next().getKey());
        assertEquals(Map.of("b", "2", "c", "3"), compact);
        compact.put("d", "4");
        assertThrows(ConcurrentModificationException.class, it::next);
        assertThrows(ConcurrentModificationException.class, () -> compact.forEach((k, v) -> compact.put(k + "x", v)));
        compact.clear();
        assertEquals(0, compact.size());
        assertFalse(compact.entrySet().iterator().hasNext());
    }

    @Test
    void refusesNullsLikeMessagePutProperty() {
        CompactProperties compact = new CompactProperties(1);
        assertThrows(NullPointerException.class, () -> compact.put(null, "v"));
        assertThrows(NullPointerException.class, () -> compact.put("k", null));
        assertNull(compact.get(null));
        assertNull(compact.remove("absent"));
    }

    @Test
    void aCopyIsIndependentAndAppendAddsWithoutLookingUp() {
        CompactProperties original = new CompactProperties(2);
        original.put("a", "1");
        original.put("b", "2");
        CompactProperties copy = original.copy(1);
        assertEquals(original, copy);
        copy.put("a", "changed");
        copy.append("c", "3");
        copy.append("d", "4"); // past the extra room: grows
        assertEquals("1", original.get("a"), "the copy has arrays of its own");
        assertEquals(2, original.size());
        assertEquals(Map.of("a", "changed", "b", "2", "c", "3", "d", "4"), copy);
        List<String> order = new ArrayList<>();
        copy.forEach((name, value) -> order.add(name));
        assertEquals(List.of("a", "b", "c", "d"), order, "appended in insertion order");
        assertThrows(NullPointerException.class, () -> copy.append(null, "x"));
        assertThrows(NullPointerException.class, () -> copy.append("x", null));
    }
}
