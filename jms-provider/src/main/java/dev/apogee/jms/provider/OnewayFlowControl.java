package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Back-pressure for one connection's oneway (NON_PERSISTENT) sends. A oneway send gets no answer, so a producer
 * faster than the broker fills the broker's bounded send queue, and what does not fit is refused with SYSTEM_BUSY to
 * nobody: silent loss. NON_PERSISTENT allows loss (at-most-once), but not under mere load. So every {@value #EVERY}th
 * send is an answered asynchronous send (a probe), and before sending a probe the sender waits while
 * {@value #PROBES_IN_FLIGHT} earlier ones are unanswered: at most about ({@value #PROBES_IN_FLIGHT} + 1) ×
 * {@value #EVERY} unanswered messages per connection, like Artemis's producer window credits, without a round trip per
 * message. More than one probe in flight because a probe's answer comes after everything queued before it on the
 * connection and in the broker: with one, a sender on a busy two-core machine spent half of a phase waiting for it
 * (JFR {@code jdk.ThreadPark}: 347 waits, 708 ms of a 1.14 s phase of the JMS benchmark's non-persistent sends).
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
 * <p>Threads: any session's sending thread; the counter and the probes in flight are guarded by this object's monitor,
 * the sends and the wait happen outside it.
 */
final class OnewayFlowControl {
    static final int EVERY = 128;
    /** Probes that may be unanswered when the next one is sent. */
    static final int PROBES_IN_FLIGHT = 4;

    private final long timeoutMillis;
    private final BrokerOrdering ordering;
    private long sends;
    /** The probes sent and maybe not answered yet, oldest first; at most {@link #PROBES_IN_FLIGHT}. */
    private final ArrayDeque<CompletableFuture<?>> probes = new ArrayDeque<>(PROBES_IN_FLIGHT);

    OnewayFlowControl(long timeoutMillis, BrokerOrdering ordering) {
        this.timeoutMillis = timeoutMillis;
        this.ordering = ordering;
    }

    /** {@code orderKey}: see {@link Provider#send(dev.apogee.jms.message.WireMessage, SendMode, long, int)}. */
    void send(Producer producer, Message message, int orderKey) throws MQClientException, InterruptedException {
        message.setWaitStoreMsgOK(false);
        boolean probe;
        CompletableFuture<?> oldest = null;
        synchronized (this) {
            probe = ++sends % EVERY == 0;
            while (probe && !probes.isEmpty() && probes.peekFirst().isDone()) {
                probes.pollFirst();
            }
            if (probe && probes.size() >= PROBES_IN_FLIGHT) {
                oldest = probes.pollFirst();
            }
        }
        if (!probe) {
            producer.sendOnewayCoalesced(message, orderKey); // batched while the connection is busy writing
            return;
        }
        if (oldest != null) {
            try {
                oldest.get(timeoutMillis, TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // an earlier probe's fate says nothing about this message: send it anyway
            }
        }
        // not retried where order is kept: a retried probe would be stored after the oneway sends behind it
        CompletableFuture<?> sent = producer.sendAsync(message, orderKey, ordering.retrySends())
                .thenAccept(ordering::learn);
        synchronized (this) {
            probes.addLast(sent);
        }
    }
}
