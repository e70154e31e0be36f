package dev.apogee.jms.message;

import dev.apogee.client.message.CompactProperties;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The properties of a {@link WireMessage}: an immutable map in insertion order over a {@link CompactProperties},
 * filled once by the provider from the pairs it decodes (a received message) or by the codec's writer (a message
 * being sent). A JMS message carries a dozen properties that are each read once, so a hash table (and the copies
 * between the native message, the wire message and the codec) would cost more than it saves; lookups are linear. On
 * a send the codec's writer fills it directly, so the wire message needs no immutable copy of a hash map.
 *
 * <p>Built by one thread ({@link Builder}); immutable and safe to share once built.
 */
public final class WirePropertyMap extends AbstractMap<String, String> {
    private final CompactProperties entries;

    private WirePropertyMap(CompactProperties entries) {
        this.entries = entries;
    }

    /** A builder for one message's properties. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public int size() {
        return entries.size();
    }

    @Override
    public String get(Object name) {
        return entries.get(name);
    }

    @Override
    public boolean containsKey(Object name) {
        return entries.containsKey(name);
    }

    /**
     * The properties as a new mutable map with room for {@code extra} more: how a message being sent becomes the
     * native message's properties without a lookup per property.
     */
    public CompactProperties copyEntries(int extra) {
        return entries.copy(extra);
    }

    /** In arrival order, without entry objects. */
    @Override
    public void forEach(BiConsumer<? super String, ? super String> action) {
        entries.forEach(action);
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
        return Collections.unmodifiableMap(entries).entrySet();
    }

    /**
     * Collects pairs as RocketMQ's property decoding does: empty names and values are dropped and a later pair
     * replaces an earlier one of the same name (keeping its position).
     */
    public static final class Builder {
        private CompactProperties entries = new CompactProperties(16);

        private Builder() {
        }

        /** Adds or replaces a pair; ignored when the name or value is null or empty. */
        public Builder put(String name, String value) {
            if (name != null && !name.isEmpty() && value != null && !value.isEmpty()) {
                entries.put(name, value);
            }
            return this;
        }

        /**
         * Adds a pair whose name the caller has not added before (a writer that puts each name once), without
         * looking for it; ignored when the value is null or empty, like {@link #put}.
         */
        public Builder append(String name, String value) {
            if (value != null && !value.isEmpty()) {
                entries.append(name, value);
            }
            return this;
        }

        /** Removes {@code name} and returns its value (null if absent), keeping the order of the others. */
        public String remove(String name) {
            return entries.remove(name);
        }

        /** The properties collected; the builder must not be used afterwards. */
        public WirePropertyMap build() {
            WirePropertyMap built = new WirePropertyMap(entries);
            entries = null;
            return built;
        }
    }
}
