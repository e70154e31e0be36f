package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;

/** UNLOCK_BATCH_MQ (42) request: an orderly consumer releases these queues. */
public final class UnlockBatchRequestBody extends QueueBatchRequestBody {
    /** Reads an unlock request, or returns null for JSON null. */
    public static UnlockBatchRequestBody readFrom(JsonReader reader) {
        return readInto(reader, UnlockBatchRequestBody::new);
    }

    public static UnlockBatchRequestBody decode(byte[] body) {
        return JsonBody.decode(body, UnlockBatchRequestBody::readFrom);
    }
}
