package dev.apogee.client.consumer;

import dev.apogee.client.message.MessageExt;
import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.List;

/** Runs the listener over pulled messages and advances offsets as batches finish. */
interface ConsumeService {
    /**
     * Called by a pull completion after the messages were put into {@code processQueue}.
     *
     * @param dispatch for orderly consumption: whether {@code ProcessQueue.put} asked for a consume task
     */
    void submit(List<MessageExt> messages, ProcessQueue processQueue, MessageQueue queue, boolean dispatch);

    /** Lets queued work finish for up to {@code awaitMillis}, then stops the pool. */
    void shutdown(long awaitMillis) throws InterruptedException;
}
