package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashSet;
import java.util.Set;

/** LOCK_BATCH_MQ (41) answer: the queues now locked by the requesting client. */
public final class LockBatchResponseBody implements JsonBody {
    private Set<MessageQueue> lockOKMQSet = new LinkedHashSet<>();

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        BodyCodec.writeArray(writer, "lockOKMQSet", lockOKMQSet);
        writer.endObject();
    }

    /** Reads a lock answer, or returns null for JSON null. */
    public static LockBatchResponseBody readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        LockBatchResponseBody body = new LockBatchResponseBody();
        reader.beginObject();
        while (reader.hasNext()) {
            if ("lockOKMQSet".equals(reader.nextName())) {
                body.lockOKMQSet = BodyCodec.readSet(reader, MessageQueue::readFrom, body.lockOKMQSet);
            } else {
                reader.skipValue();
            }
        }
        reader.endObject();
        return body;
    }

    public static LockBatchResponseBody decode(byte[] body) {
        return JsonBody.decode(body, LockBatchResponseBody::readFrom);
    }

    public Set<MessageQueue> getLockOKMQSet() {
        return lockOKMQSet;
    }

    public void setLockOKMQSet(Set<MessageQueue> lockOKMQSet) {
        this.lockOKMQSet = lockOKMQSet;
    }
}
