package dev.apogee.broker.schedule;

import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per delay level, the next queue offset of {@code SCHEDULE_TOPIC_XXXX} to deliver, persisted in the official
 * {@code delayOffset.json} shape {@code {"offsetTable":{1:5,2:0}}} (fastjson's unquoted level keys). An offset only
 * moves past a message once that message is stored in its real topic, and the file lags the memory, so a crash can
 * deliver a message twice but never skips one. Written by the schedule thread, persisted by it and at shutdown.
 */
final class DelayOffsetTable {
    private final ConfigFile file;
    private final AtomicLongArray offsets;

    DelayOffsetTable(ConfigFile file, int maxLevel) {
        this.file = file;
        this.offsets = new AtomicLongArray(maxLevel + 1);
    }

    void load() throws IOException {
        file.read().ifPresent(json -> read(new JsonReader(json.getBytes(StandardCharsets.UTF_8))));
    }

    private void read(JsonReader reader) {
        reader.beginObject();
        while (reader.hasNext()) {
            if (!reader.nextName().equals("offsetTable")) {
                reader.skipValue();
                continue;
            }
            reader.beginObject();
            while (reader.hasNext()) {
                int level = (int) reader.nextNameAsLong();
                long offset = reader.nextLong();
                if (level >= 1 && level < offsets.length()) {
                    offsets.set(level, offset);
                }
            }
            reader.endObject();
        }
        reader.endObject();
    }

    long get(int level) {
        return offsets.get(level);
    }

    void set(int level, long offset) {
        offsets.set(level, offset);
    }

    void persist() throws IOException {
        JsonWriter writer = new JsonWriter();
        writer.beginObject().name("offsetTable").beginObject();
        for (int level = 1; level < offsets.length(); level++) {
            writer.name(level).value(offsets.get(level));
        }
        writer.endObject().endObject();
        file.write(writer.toString());
    }
}
