package dev.apogee.jms.message;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The properties of a {@link WireMessage}: an immutable map over two arrays in insertion order, filled once by the
 * provider from the pairs it decodes (a received message) or by the codec's writer (a message being sent). A JMS
 * message carries a dozen properties that are each read once, so a hash table (and the copies between the native
 * message, the wire message and the codec) would cost more than it saves; lookups here are linear. On a send the
 * codec's writer fills it directly, so the wire message needs no immutable copy of a hash map.
 *
 * <p>Built by one thread ({@link Builder}); immutable and safe to share once built.
 */
public final class WirePropertyMap extends AbstractMap<String, String> {
    private final String[] names;
    private final String[] values;
    private final int size;

    private WirePropertyMap(String[] names, String[] values, int size) {
        this.names = names;
        this.values = values;
        this.size = size;
    }

    /** A builder for one message's properties. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String get(Object name) {
        int i = indexOf(names, size, name);
        return i < 0 ? null : values[i];
    }

    @Override
    public boolean containsKey(Object name) {
        return indexOf(names, size, name) >= 0;
    }

    /** In arrival order, without the entry objects of the generic implementation. */
    @Override
    public void forEach(BiConsumer<? super String, ? super String> action) {
        for (int i = 0; i < size; i++) {
            action.accept(names[i], values[i]);
        }
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, String>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Entry<String, String> next() {
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(names[i], values[i]);
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    private static int indexOf(String[] names, int size, Object name) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Collects pairs as RocketMQ's property decoding does: empty names and values are dropped and a later pair
     * replaces an earlier one of the same name (keeping its position).
     */
    public static final class Builder {
        private String[] names = new String[16];
        private String[] values = new String[16];
        private int size;

        private Builder() {
        }

        /** Adds or replaces a pair; ignored when the name or value is null or empty. */
        public Builder put(String name, String value) {
            if (name == null || name.isEmpty() || value == null || value.isEmpty()) {
                return this;
            }
            int i = indexOf(names, size, name);
            if (i >= 0) {
                values[i] = value;
                return this;
            }
            if (size == names.length) {
                names = java.util.Arrays.copyOf(names, size * 2);
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            names[size] = name;
            values[size] = value;
            size++;
            return this;
        }

        /** Removes {@code name} and returns its value (null if absent), keeping the order of the others. */
        public String remove(String name) {
            int i = indexOf(names, size, name);
            if (i < 0) {
                return null;
            }
            String value = values[i];
            System.arraycopy(names, i + 1, names, i, size - i - 1);
            System.arraycopy(values, i + 1, values, i, size - i - 1);
            size--;
            names[size] = null;
            values[size] = null;
            return value;
        }

        /** The properties collected; the builder must not be used afterwards. */
        public WirePropertyMap build() {
            WirePropertyMap built = new WirePropertyMap(names, values, size);
            names = null;
            values = null;
            return built;
        }
    }
}
