package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

/**
 * Version stamp of a broker's topic table: {@code {"counter":7,"stateVersion":0,"timestamp":1796021283718}}.
 * The official namesrv only re-reads queue data of known topics when this changes, so a broker must call
 * {@link #nextVersion(long)} on every topic-config change. Not thread-safe: its owner serialises updates.
 */
public final class DataVersion implements JsonBody {
    private long timestamp;
    private long counter;
    private long stateVersion;

    /** All zero; use {@link #nextVersion(long)} or the setters to stamp it. */
    public DataVersion() {
    }

    public DataVersion(long timestamp, long counter, long stateVersion) {
        this.timestamp = timestamp;
        this.counter = counter;
        this.stateVersion = stateVersion;
    }

    public DataVersion copy() {
        return new DataVersion(timestamp, counter, stateVersion);
    }

    public void assignFrom(DataVersion other) {
        this.timestamp = other.timestamp;
        this.counter = other.counter;
        this.stateVersion = other.stateVersion;
    }

    /** Bumps the counter and stamps {@code nowMillis}, keeping the state version (official nextVersion()). */
    public void nextVersion(long nowMillis) {
        nextVersion(nowMillis, stateVersion);
    }

    public void nextVersion(long nowMillis, long newStateVersion) {
        this.timestamp = nowMillis;
        this.stateVersion = newStateVersion;
        this.counter++;
    }

    /** Convenience for callers without a clock; logic that needs testable time uses {@link #nextVersion(long)}. */
    public void nextVersion() {
        nextVersion(System.currentTimeMillis());
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject()
            .member("counter", counter)
            .member("stateVersion", stateVersion)
            .member("timestamp", timestamp)
            .endObject();
    }

    /** Reads a data version, or returns null for JSON null. */
    public static DataVersion readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        DataVersion version = new DataVersion();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "counter": version.counter = reader.nextLong(); break;
                case "stateVersion": version.stateVersion = reader.nextLong(); break;
                case "timestamp": version.timestamp = reader.nextLong(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return version;
    }

    public static DataVersion decode(byte[] body) {
        return JsonBody.decode(body, DataVersion::readFrom);
    }

    public long getTimestamp() {
        return timestamp;
    }

    public void setTimestamp(long timestamp) {
        this.timestamp = timestamp;
    }

    public long getCounter() {
        return counter;
    }

    public void setCounter(long counter) {
        this.counter = counter;
    }

    public long getStateVersion() {
        return stateVersion;
    }

    public void setStateVersion(long stateVersion) {
        this.stateVersion = stateVersion;
    }

    /** Same members as the official equals, which the namesrv uses to detect a changed topic table. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DataVersion)) {
            return false;
        }
        DataVersion other = (DataVersion) o;
        return timestamp == other.timestamp && counter == other.counter && stateVersion == other.stateVersion;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(timestamp) * 31 * 31 + Long.hashCode(counter) * 31 + Long.hashCode(stateVersion);
    }

    @Override
    public String toString() {
        return "DataVersion[timestamp=" + timestamp + ", counter=" + counter + ", stateVersion=" + stateVersion + ']';
    }
}
