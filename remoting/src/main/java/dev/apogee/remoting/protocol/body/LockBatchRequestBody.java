package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;

/** LOCK_BATCH_MQ (41) request: an orderly consumer asks to own these queues. */
public final class LockBatchRequestBody extends QueueBatchRequestBody {
    /** Reads a lock request, or returns null for JSON null. */
    public static LockBatchRequestBody readFrom(JsonReader reader) {
        return readInto(reader, LockBatchRequestBody::new);
    }

    public static LockBatchRequestBody decode(byte[] body) {
        return JsonBody.decode(body, LockBatchRequestBody::readFrom);
    }
}
