package dev.apogee.broker.filter;

import dev.apogee.remoting.selector.Dialect;
import dev.apogee.remoting.selector.JmsWireValues;
import dev.apogee.remoting.selector.Selector;
import dev.apogee.remoting.selector.TagSelectorAnalysis;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a filter needs from one expression, computed once: the selector, the UTF-8 bytes of each stored property name
 * it reads (matched against stored properties without decoding them) and, when the selector only tests {@code TAGS},
 * the sorted tag hash codes that let a pull skip entries on the consume queue alone. A JMS-dialect selector reads
 * the wire names its identifiers map to ({@link JmsWireValues#wireNames}: header properties, the type map, the
 * tag), an SQL92 one its identifiers themselves. Immutable.
 */
final class CompiledExpression {
    private final Selector selector;
    private final String[] names;
    private final byte[][] encodedNames;
    private final Map<String, Integer> indexes = new HashMap<>();
    private final int[] tagCodes;

    CompiledExpression(Selector selector) {
        this.selector = selector;
        Set<String> read = selector.dialect() == Dialect.JMS
                ? JmsWireValues.wireNames(selector.identifiers()) : selector.identifiers();
        this.names = read.toArray(new String[0]);
        this.encodedNames = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            encodedNames[i] = names[i].getBytes(StandardCharsets.UTF_8);
            indexes.put(names[i], i);
        }
        Optional<Set<String>> tags = TagSelectorAnalysis.tags(selector);
        this.tagCodes = tags.map(t -> t.stream().mapToInt(String::hashCode).sorted().distinct().toArray())
                .orElse(null);
    }

    /** True when the selector runs in {@link Dialect#JMS} over {@link JmsWireValues}. */
    boolean jmsTyped() {
        return selector.dialect() == Dialect.JMS;
    }

    Selector selector() {
        return selector;
    }

    int nameCount() {
        return names.length;
    }

    /** Index of a property the selector reads, or -1. */
    int indexOf(String name) {
        Integer index = indexes.get(name);
        return index == null ? -1 : index;
    }

    byte[] encodedName(int index) {
        return encodedNames[index];
    }

    /** False only when the selector is a pure tag test and this consume-queue tag hash is none of its tags. */
    boolean mayMatchTagsCode(long tagsCode) {
        return tagCodes == null || Arrays.binarySearch(tagCodes, (int) tagsCode) >= 0;
    }
}
