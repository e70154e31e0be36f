package dev.apogee.broker.timer;

import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.BitSet;

/**
 * Which timer-queue entries have been delivered, since delivery follows due time, not queue order: a low watermark
 * (every entry below it is delivered) and a bit set of delivered entries above it. Persisted to
 * {@code config/timerProgress.json} every second and at shutdown; after a crash, entries delivered in the last
 * second are delivered again (at least once, never lost). Owned by the timer thread.
 */
final class DeliveredOffsets {
    private static final int COMPACT_AFTER_BITS = 1 << 16;

    private final ConfigFile file;
    private long low;
    /** The queue offset bit 0 of {@link #bits} stands for; at most {@code low}, caught up now and then. */
    private long base;
    private BitSet bits = new BitSet();

    DeliveredOffsets(ConfigFile file) {
        this.file = file;
    }

    void load(long minQueueOffset) throws IOException {
        low = minQueueOffset;
        file.read().ifPresent(json -> {
            JsonReader reader = new JsonReader(json.getBytes(StandardCharsets.UTF_8));
            reader.beginObject();
            while (reader.hasNext()) {
                switch (reader.nextName()) {
                    case "low" -> low = Math.max(low, reader.nextLong());
                    case "delivered" -> bits = BitSet.valueOf(Base64.getDecoder().decode(reader.nextString()));
                    default -> reader.skipValue();
                }
            }
            reader.endObject();
        });
        base = low;
    }

    long low() {
        return low;
    }

    boolean isDelivered(long queueOffset) {
        return queueOffset < low || bits.get(index(queueOffset));
    }

    void markDelivered(long queueOffset) {
        if (queueOffset < low) {
            return;
        }
        bits.set(index(queueOffset));
        if (queueOffset == low) {
            low = base + bits.nextClearBit(index(low));
            if (low - base > COMPACT_AFTER_BITS) {
                bits = bits.get(index(low), Math.max(index(low), bits.length()));
                base = low;
            }
        }
    }

    void persist() throws IOException {
        BitSet fromLow = bits.get(index(low), Math.max(index(low), bits.length()));
        JsonWriter writer = new JsonWriter();
        writer.beginObject().member("low", low)
                .member("delivered", Base64.getEncoder().encodeToString(fromLow.toByteArray())).endObject();
        file.write(writer.toString());
    }

    private int index(long queueOffset) {
        long index = queueOffset - base;
        if (index > Integer.MAX_VALUE) {
            throw new IllegalStateException("more than 2^31 timers pending above the delivered watermark");
        }
        return (int) index;
    }
}
