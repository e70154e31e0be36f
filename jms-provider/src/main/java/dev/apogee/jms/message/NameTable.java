package dev.apogee.jms.message;

/**
 * A fixed set of names found by a range of a string without making a string of the range: an open-addressing table
 * keyed by {@link String#hashCode()}'s formula, computed over the range. Immutable; thread-safe.
 */
final class NameTable {
    private final String[] slots;
    private final int[] ids;
    private final int mask;

    /** Each name's id is its index in {@code names}. */
    NameTable(String... names) {
        int capacity = Integer.highestOneBit(Math.max(4, names.length * 4) - 1) << 1; // load factor at most 1/4
        slots = new String[capacity];
        ids = new int[capacity];
        mask = capacity - 1;
        for (int id = 0; id < names.length; id++) {
            int slot = names[id].hashCode() & mask;
            while (slots[slot] != null) {
                if (slots[slot].equals(names[id])) {
                    throw new IllegalArgumentException("duplicate name " + names[id]);
                }
                slot = (slot + 1) & mask;
            }
            slots[slot] = names[id];
            ids[slot] = id;
        }
    }

    /** The id of the name equal to {@code source[start, end)}, or -1. */
    int find(String source, int start, int end) {
        int hash = 0;
        for (int i = start; i < end; i++) {
            hash = 31 * hash + source.charAt(i);
        }
        int length = end - start;
        for (int slot = hash & mask; slots[slot] != null; slot = (slot + 1) & mask) {
            String name = slots[slot];
            if (name.length() == length && name.regionMatches(0, source, start, length)) {
                return ids[slot];
            }
        }
        return -1;
    }
}
