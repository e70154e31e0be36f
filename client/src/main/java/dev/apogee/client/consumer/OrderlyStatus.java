package dev.apogee.client.consumer;

/** What an {@link OrderlyListener} says about a batch. */
public enum OrderlyStatus {
    /** Processed; continue with the next messages of the queue. */
    SUCCESS,
    /** Failed; retry the same messages after {@link ConsumeContext#getSuspendMillis()}, keeping the queue's order. */
    SUSPEND_CURRENT_QUEUE_A_MOMENT
}
