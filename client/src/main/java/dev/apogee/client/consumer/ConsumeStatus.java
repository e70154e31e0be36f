package dev.apogee.client.consumer;

/** What a {@link ConcurrentListener} says about a batch. */
public enum ConsumeStatus {
    /** Processed; the offset may move past these messages. */
    CONSUME_SUCCESS,
    /** Failed; redeliver later (send-back to the retry topic with the context's delay level). */
    RECONSUME_LATER
}
