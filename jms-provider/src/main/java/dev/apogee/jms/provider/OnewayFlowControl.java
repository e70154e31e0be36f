package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Back-pressure for one connection's oneway (NON_PERSISTENT) sends. A oneway send gets no answer, so a producer
 * faster than the broker fills the broker's bounded send queue, and what does not fit is refused with SYSTEM_BUSY to
 * nobody: silent loss. NON_PERSISTENT allows loss (at-most-once), but not under mere load. So every {@value #EVERY}th
 * send is an answered asynchronous send (a probe), and before sending the next probe the sender waits for the previous
 * one: at most about 2 × {@value #EVERY} unanswered messages per connection, like Artemis's producer window credits,
 * without a round trip per message (the probe is usually answered long before the next one is due).
 *
 * <p>The oneway sends are coalesced ({@link Producer#sendOnewayCoalesced}): sends made while the connection is
 * busy writing share one batch request. The probe, a plain send, seals the open batches, so it is stored after them
 * and its answer still says the broker took in everything sent before it.
 *
 * <p>Every message sent here, oneway or probe, is stored without waiting for the disk (WAIT=false): NON_PERSISTENT
 * needs no durability, nobody waits for a oneway send's store, and in SYNC_FLUSH a waiting put costs the broker a
 * group-commit request (and a share of an fsync) per message. The probe is then answered once appended, so it paces
 * the producer by the broker's intake, not by the disk.
 *
 * <p>Threads: any session's sending thread; the counter and the last probe are guarded by this object's monitor, the
 * sends and the wait happen outside it.
 */
final class OnewayFlowControl {
    static final int EVERY = 128;

    private final long timeoutMillis;
    private final BrokerOrdering ordering;
    private long sends;
    private CompletableFuture<?> lastProbe = CompletableFuture.completedFuture(null);

    OnewayFlowControl(long timeoutMillis, BrokerOrdering ordering) {
        this.timeoutMillis = timeoutMillis;
        this.ordering = ordering;
    }

    /** {@code orderKey}: see {@link Provider#send(dev.apogee.jms.message.WireMessage, SendMode, long, int)}. */
    void send(Producer producer, Message message, int orderKey) throws MQClientException, InterruptedException {
        message.setWaitStoreMsgOK(false);
        CompletableFuture<?> previous;
        synchronized (this) {
            if (++sends % EVERY != 0) {
                previous = null;
            } else {
                previous = lastProbe;
            }
        }
        if (previous == null) {
            producer.sendOnewayCoalesced(message, orderKey); // batched while the connection is busy writing
            return;
        }
        try {
            previous.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // the previous probe's fate says nothing about this message: send it anyway
        }
        // not retried where order is kept: a retried probe would be stored after the oneway sends behind it
        CompletableFuture<?> probe = producer.sendAsync(message, orderKey, ordering.retrySends())
                .thenAccept(ordering::learn);
        synchronized (this) {
            lastProbe = probe;
        }
    }
}
