package dev.apogee.client.consumer;

import dev.apogee.remoting.protocol.body.MessageQueue;

/** Per-call context of a listener: the queue, and knobs the listener may turn for a failure. */
public final class ConsumeContext {
    private final MessageQueue queue;
    private int delayLevelWhenNextConsume;
    private long suspendMillis;

    ConsumeContext(MessageQueue queue, long suspendMillis) {
        this.queue = queue;
        this.suspendMillis = suspendMillis;
    }

    public MessageQueue getQueue() {
        return queue;
    }

    /** Concurrent: delay level of the redelivery after RECONSUME_LATER; 0 lets the broker choose (3 + reconsumes). */
    public int getDelayLevelWhenNextConsume() {
        return delayLevelWhenNextConsume;
    }

    public void setDelayLevelWhenNextConsume(int level) {
        this.delayLevelWhenNextConsume = level;
    }

    /** Orderly: how long the queue pauses after SUSPEND_CURRENT_QUEUE_A_MOMENT. */
    public long getSuspendMillis() {
        return suspendMillis;
    }

    public void setSuspendMillis(long suspendMillis) {
        this.suspendMillis = suspendMillis;
    }
}
