package dev.apogee.remoting.metrics;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.LongFunction;

/**
 * A grow-only map from a {@code long} key to a value, for caching meters on paths that must not allocate: a hit is
 * a few array reads, no boxing. Lock-free (open addressing, slots claimed by CAS); once full, misses compute the
 * value every time, which stays correct (the factory returns the same meter for the same key) if slower. Thread-safe.
 */
final class LongKeyCache<T> {
    private record Entry<T>(long key, T value) {
    }

    private final AtomicReferenceArray<Entry<T>> slots;
    private final int mask;
    private final LongFunction<T> factory;

    /** @param capacity a power of two */
    LongKeyCache(int capacity, LongFunction<T> factory) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        this.slots = new AtomicReferenceArray<>(capacity);
        this.mask = capacity - 1;
        this.factory = factory;
    }

    T get(long key) {
        int start = (int) (mix(key) & mask);
        for (int i = 0; i <= mask; i++) {
            int index = (start + i) & mask;
            Entry<T> entry = slots.get(index);
            if (entry == null) {
                Entry<T> created = new Entry<>(key, factory.apply(key));
                if (slots.compareAndSet(index, null, created)) {
                    return created.value();
                }
                entry = slots.get(index); // another thread took the slot: it may hold this very key
            }
            if (entry.key() == key) {
                return entry.value();
            }
        }
        return factory.apply(key);
    }

    private static long mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }
}
