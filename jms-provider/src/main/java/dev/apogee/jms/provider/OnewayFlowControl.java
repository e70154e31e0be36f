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
 * send (or the first after {@value #PROBE_BYTES} bytes of bodies) is an answered asynchronous send, a probe: its
 * answer says the broker took in everything sent before it. Before sending a probe, the sender waits while what it
 * sent after the last answered probe is over the window, any of:
 * <ul>
 *   <li>{@value #WINDOW_MESSAGES} messages,</li>
 *   <li>{@value #WINDOW_BYTES} bytes of bodies (the broker holds them in memory until it stores them),</li>
 *   <li>{@value #WINDOW_REQUESTS} requests: the broker's send queue is bounded in requests (2,500 per lane by
 *       default), and coalesced messages share one, so the window in messages is that large only while they do.</li>
 * </ul>
 * Like Artemis's producer window credits, without a round trip per message. The window is that large because the
 * broker's intake is not steady: in the first seconds of a new kind of traffic it stalls for tens of milliseconds at
 * a time while its JIT compiles the new path, and a sender that may run ahead by only a few hundred messages stalls
 * with it. Measured with the JMS benchmark's non-persistent scenario (50,000 messages a phase, 12 interleaved runs
 * each, medians), against the earlier window of four probes (at most 640 messages): first text send phase 66k → 86k
 * msgs/s, second 87k → 128k, first bytes send phase 45k → 60k, second 92k → 107k; the receive phases after them
 * unchanged or at most 10 % slower (the broker still stores the sends' tail then), and no message lost.
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
 * <p>Threads: any session's sending thread; the counters and the probes in flight are guarded by this object's
 * monitor, the sends and the wait happen outside it.
 */
final class OnewayFlowControl {
    static final int EVERY = 128;
    static final long PROBE_BYTES = 1L << 20;
    static final long WINDOW_MESSAGES = 8_192;
    static final long WINDOW_BYTES = 8L << 20;
    static final long WINDOW_REQUESTS = 1_000;

    private final long timeoutMillis;
    private final BrokerOrdering ordering;
    /** Since this connection's first send: messages and body bytes sent, probes sent (each a request of its own). */
    private long messagesSent;
    private long bytesSent;
    private long probesSent;
    /** Messages and body bytes since the last probe. */
    private int sinceProbe;
    private long bytesSinceProbe;
    /** What the last answered probe covered. */
    private Mark answered = new Mark(0, 0, 0);
    /** The probes sent and maybe not answered yet, oldest first. */
    private final ArrayDeque<Probe> probes = new ArrayDeque<>();

    /** Counts since the connection's first send when a probe was sent; {@code requests}: oneway batches and probes. */
    private record Mark(long messages, long bytes, long requests) {
    }

    private record Probe(CompletableFuture<?> answer, Mark covers) {
    }

    OnewayFlowControl(long timeoutMillis, BrokerOrdering ordering) {
        this.timeoutMillis = timeoutMillis;
        this.ordering = ordering;
    }

    /** {@code orderKey}: see {@link Provider#send(dev.apogee.jms.message.WireMessage, SendMode, long, int)}. */
    void send(Producer producer, Message message, int orderKey) throws MQClientException, InterruptedException {
        message.setWaitStoreMsgOK(false);
        int length = message.getBodyLength();
        boolean probe;
        synchronized (this) {
            messagesSent++;
            bytesSent += length;
            bytesSinceProbe += length;
            probe = ++sinceProbe >= EVERY || bytesSinceProbe >= PROBE_BYTES;
            if (probe) {
                sinceProbe = 0;
                bytesSinceProbe = 0;
            }
        }
        if (!probe) {
            producer.sendOnewayCoalesced(message, orderKey); // batched while the connection is busy writing
            return;
        }
        awaitWindow(producer);
        // not retried where order is kept: a retried probe would be stored after the oneway sends behind it
        CompletableFuture<?> answer = producer.sendAsync(message, orderKey, ordering.retrySends())
                .thenAccept(ordering::learn);
        long onewayRequests = producer.coalescedSendStats().requests();
        synchronized (this) {
            probes.addLast(new Probe(answer, new Mark(messagesSent, bytesSent, onewayRequests + ++probesSent)));
        }
    }

    /** Waits while what was sent after the last answered probe is over the window (one timeout at most). */
    private void awaitWindow(Producer producer) throws InterruptedException {
        while (true) {
            long requests = producer.coalescedSendStats().requests();
            Probe oldest;
            synchronized (this) {
                retireAnswered();
                oldest = probes.peekFirst();
                if (oldest == null || !overWindow(requests + probesSent)) {
                    return;
                }
            }
            try {
                oldest.answer().get(timeoutMillis, TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                // answered with a failure: the broker got to it all the same
            } catch (TimeoutException e) {
                // an earlier probe's fate says nothing about this message: send it anyway, and wait for later ones
                synchronized (this) {
                    if (probes.peekFirst() == oldest) {
                        answered = probes.pollFirst().covers();
                    }
                }
                return;
            }
        }
    }

    /** Takes the answered probes off the head (caller holds the monitor). */
    private void retireAnswered() {
        while (!probes.isEmpty() && probes.peekFirst().answer().isDone()) {
            answered = probes.pollFirst().covers();
        }
    }

    private boolean overWindow(long requests) {
        return messagesSent - answered.messages() > WINDOW_MESSAGES || bytesSent - answered.bytes() > WINDOW_BYTES
                || requests - answered.requests() > WINDOW_REQUESTS;
    }
}
