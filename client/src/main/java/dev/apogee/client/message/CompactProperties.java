package dev.apogee.client.message;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * A message's properties as two arrays in insertion order, for a message built to be sent at once: a dozen entries
 * looked up a few times each, where a {@link java.util.HashMap} costs an entry object per property and a table
 * (about 600 bytes for a JMS message's properties, against 200 here) and a linear scan costs nothing measurable.
 * Null names and values are refused, as {@link Message#putProperty} refuses them.
 *
 * <p>Not thread-safe, like the message that holds it.
 */
public final class CompactProperties extends AbstractMap<String, String> {
    private String[] names;
    private String[] values;
    private int size;
    private int modifications;

    /** Room for {@code expected} properties before the arrays grow. */
    public CompactProperties(int expected) {
        int capacity = Math.max(4, expected);
        names = new String[capacity];
        values = new String[capacity];
    }

    /** A copy with room for {@code extra} more properties before its arrays grow (two array copies, no lookups). */
    public CompactProperties copy(int extra) {
        CompactProperties copy = new CompactProperties(size + extra);
        System.arraycopy(names, 0, copy.names, 0, size);
        System.arraycopy(values, 0, copy.values, 0, size);
        copy.size = size;
        return copy;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String get(Object name) {
        int i = indexOf(name);
        return i < 0 ? null : values[i];
    }

    @Override
    public boolean containsKey(Object name) {
        return indexOf(name) >= 0;
    }

    @Override
    public String put(String name, String value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        int i = indexOf(name);
        if (i >= 0) {
            String old = values[i];
            values[i] = value;
            return old;
        }
        append(name, value);
        return null;
    }

    /**
     * Adds a property the caller knows is absent, without looking for it: for a writer that puts each name once (a
     * linear lookup per put is what a dozen puts would otherwise cost).
     */
    public void append(String name, String value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        values[size] = value;
        size++;
        modifications++;
    }

    @Override
    public String remove(Object name) {
        int i = indexOf(name);
        return i < 0 ? null : removeAt(i);
    }

    @Override
    public void clear() {
        Arrays.fill(names, 0, size, null);
        Arrays.fill(values, 0, size, null);
        size = 0;
        modifications++;
    }

    /** In insertion order, without entry objects. */
    @Override
    public void forEach(BiConsumer<? super String, ? super String> action) {
        int expected = modifications;
        for (int i = 0; i < size; i++) {
            action.accept(names[i], values[i]);
            if (modifications != expected) {
                throw new ConcurrentModificationException();
            }
        }
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, String>> iterator() {
                return new Entries();
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    private String removeAt(int i) {
        String old = values[i];
        System.arraycopy(names, i + 1, names, i, size - i - 1);
        System.arraycopy(values, i + 1, values, i, size - i - 1);
        size--;
        names[size] = null;
        values[size] = null;
        modifications++;
        return old;
    }

    private int indexOf(Object name) {
        if (name == null) {
            return -1;
        }
        for (int i = 0; i < size; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Entries in insertion order, read-only (replace a value with {@link #put}); remove writes through. */
    private final class Entries implements Iterator<Entry<String, String>> {
        private int next;
        private int last = -1;
        private int expected = modifications;

        @Override
        public boolean hasNext() {
            return next < size;
        }

        @Override
        public Entry<String, String> next() {
            if (modifications != expected) {
                throw new ConcurrentModificationException();
            }
            if (next >= size) {
                throw new NoSuchElementException();
            }
            last = next++;
            return new SimpleImmutableEntry<>(names[last], values[last]);
        }

        @Override
        public void remove() {
            if (last < 0) {
                throw new IllegalStateException();
            }
            if (modifications != expected) {
                throw new ConcurrentModificationException();
            }
            removeAt(last);
            next = last;
            last = -1;
            expected = modifications;
        }
    }
}
