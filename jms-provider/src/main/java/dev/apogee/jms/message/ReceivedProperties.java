package dev.apogee.jms.message;

import dev.apogee.client.message.CompactProperties;
import dev.apogee.client.message.PropertiesCodec;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The properties of a received {@link WireMessage}, kept as the properties strings the message arrived with (the
 * stored pairs and those the pull appended): {@link MessageCodec} reads the pairs once, as ranges
 * ({@link #forEachRange}), so a message whose properties are all the mapping's own makes no string per name and
 * value (about 900 bytes of garbage per JMS message otherwise, and on a busy consumer every byte allocated is a page
 * of heap to touch). The map view — everything except {@code TAGS} and {@code KEYS}, which the wire message holds
 * apart — is decoded on first use.
 *
 * <p>Immutable once built; the decoded map is published through a volatile field (a race decodes twice, harmlessly).
 */
public final class ReceivedProperties extends AbstractMap<String, String> {
    private static final String TAGS = "TAGS";
    private static final String KEYS = "KEYS";

    private final String stored;
    private final String appended;
    private final String tags;
    private final String keys;
    private volatile CompactProperties decoded;

    /**
     * @param stored   the properties string as stored (section 4.3), or null
     * @param appended pairs added since, which win over stored ones of the same name, or null
     */
    public ReceivedProperties(String stored, String appended) {
        this.stored = stored;
        this.appended = appended;
        this.tags = lastValue(TAGS);
        this.keys = lastValue(KEYS);
    }

    /** The {@code TAGS} property, or null. */
    public String tags() {
        return tags;
    }

    /** The {@code KEYS} property, or null. */
    public String keys() {
        return keys;
    }

    /** Every pair in order, {@code TAGS} and {@code KEYS} included, appended pairs last (a later pair wins). */
    public void forEachRange(PropertiesCodec.PairRanges sink) {
        PropertiesCodec.forEachPairRange(stored, sink);
        PropertiesCodec.forEachPairRange(appended, sink);
    }

    @Override
    public int size() {
        return map().size();
    }

    @Override
    public String get(Object name) {
        return map().get(name);
    }

    @Override
    public boolean containsKey(Object name) {
        return map().containsKey(name);
    }

    /** In arrival order, without entry objects. */
    @Override
    public void forEach(BiConsumer<? super String, ? super String> action) {
        map().forEach(action);
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
        return Collections.unmodifiableMap(map()).entrySet();
    }

    private CompactProperties map() {
        CompactProperties map = decoded;
        if (map == null) {
            CompactProperties fresh = new CompactProperties(16);
            forEachRange((source, nameStart, nameEnd, valueStart, valueEnd) -> {
                String name = source.substring(nameStart, nameEnd);
                if (!name.equals(TAGS) && !name.equals(KEYS)) {
                    fresh.put(name, source.substring(valueStart, valueEnd));
                }
            });
            decoded = map = fresh;
        }
        return map;
    }

    private String lastValue(String name) {
        String appendedValue = PropertiesCodec.lastValue(appended, name);
        return appendedValue != null ? appendedValue : PropertiesCodec.lastValue(stored, name);
    }
}
