package dev.apogee.client.pop;

import dev.apogee.client.MQBrokerException;
import dev.apogee.remoting.netty.NamedThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Keeps held popped messages invisible to the group's other consumers: once half of a message's invisible time has
 * passed, it is made invisible for another full invisible time (CHANGE_MESSAGE_INVISIBLETIME through its
 * {@link PoppedMessage}, which serialises the change with acks and releases, so those always use the newest handle).
 * A message is let go when it is done (acked, released), its renewal was stopped ({@link
 * PoppedMessage#stopRenewal()}) or its consumer closed; a process that dies renews nothing, so its messages come
 * back after their invisible time.
 *
 * <p>One instance serves any number of consumers: a {@link PopConsumer} drives its own from its scheduler thread
 * ({@link #renewDue()}); {@link #start} gives one with its own single scheduler thread, shared through
 * {@link PopConsumerConfig#setLeaseRenewal} by the {@link SimpleConsumer}s of one owner (a JMS connection: 1,000
 * consumers, one thread). Each round sends the due renewals together, at most {@value #MAX_IN_FLIGHT} in flight;
 * the rest wait for the next round.
 *
 * <p>A renewal the broker refuses, or that still failed once the message's deadline passed (the connection broke),
 * gives the message up: it may be delivered to another consumer too. Such failures are logged at WARN once per
 * message, gathered into one line per round ({@code POP-RENEW-FAILED}). A failure before the deadline (a timeout)
 * is retried in the next round.
 *
 * <p>Threads: the leases map and the {@code renewing} set are concurrent (consumer threads add, the scheduler
 * thread scans, remoting callback threads complete renewals); {@code failed} is a lock-free queue drained by the
 * scheduler thread.
 */
public final class LeaseRenewal implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LeaseRenewal.class);
    /** Renewals one round may have in flight: bounds the burst a connection holding many messages sends. */
    static final int MAX_IN_FLIGHT = 256;

    private record Lease(PopAcks acks, long invisibleMillis, BooleanSupplier open) {
    }

    private record Failure(PoppedMessage message, String reason) {
    }

    private final Map<PoppedMessage, Lease> leases = new ConcurrentHashMap<>();
    private final Set<PoppedMessage> renewing = ConcurrentHashMap.newKeySet();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final ConcurrentLinkedQueue<Failure> failed = new ConcurrentLinkedQueue<>();
    private final LongSupplier clock;
    private final ScheduledExecutorService scheduler;

    /** Driven by its owner calling {@link #renewDue()}. */
    LeaseRenewal(LongSupplier clock) {
        this(clock, null);
    }

    private LeaseRenewal(LongSupplier clock, ScheduledExecutorService scheduler) {
        this.clock = clock;
        this.scheduler = scheduler;
    }

    /**
     * A renewal on its own daemon thread {@code threadName}, checking every {@code checkMillis} (a tenth of the
     * shortest invisible time it serves is plenty: renewals start at half of it).
     */
    public static LeaseRenewal start(String threadName, long checkMillis, LongSupplier clock) {
        if (checkMillis <= 0) {
            throw new IllegalArgumentException("check interval must be positive, got " + checkMillis);
        }
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
                new NamedThreadFactory(threadName, true));
        LeaseRenewal renewal = new LeaseRenewal(clock, scheduler);
        scheduler.scheduleWithFixedDelay(renewal::renewDueSafely, checkMillis, checkMillis, TimeUnit.MILLISECONDS);
        return renewal;
    }

    /** Keeps {@code message} invisible, {@code invisibleMillis} at a time, while {@code open} says its consumer is. */
    void track(PoppedMessage message, PopAcks acks, long invisibleMillis, BooleanSupplier open) {
        leases.put(message, new Lease(acks, invisibleMillis, open));
    }

    /** Messages tracked right now (some may be done and not yet let go). */
    public int size() {
        return leases.size();
    }

    private void renewDueSafely() {
        try {
            renewDue();
        } catch (Throwable t) {
            LOG.warn("POP-RENEW-ROUND invisible-time renewal round failed", t);
        }
    }

    /** One round: lets go of finished messages and renews those past half of their invisible time. */
    void renewDue() {
        reportFailures();
        long now = clock.getAsLong();
        for (Map.Entry<PoppedMessage, Lease> entry : leases.entrySet()) {
            PoppedMessage message = entry.getKey();
            Lease lease = entry.getValue();
            if (message.renewalOver() || !lease.open().getAsBoolean()) {
                leases.remove(message);
                continue;
            }
            if (message.localDeadline() - now > lease.invisibleMillis() / 2 || renewing.contains(message)) {
                continue;
            }
            if (inFlight.get() >= MAX_IN_FLIGHT) {
                return; // the others in the next round, still well before their deadline
            }
            renew(message, lease);
        }
    }

    private void renew(PoppedMessage message, Lease lease) {
        renewing.add(message);
        inFlight.incrementAndGet();
        lease.acks().renew(message, lease.invisibleMillis()).whenComplete((handle, error) -> {
            inFlight.decrementAndGet();
            renewing.remove(message);
            if (error != null && !message.renewalOver() && givesUp(message, error)) {
                leases.remove(message);
                failed.add(new Failure(message, String.valueOf(rootCause(error))));
            }
        });
    }

    /** A refusal is final; a timeout or lost connection is retried while the broker may still hold the message. */
    private boolean givesUp(PoppedMessage message, Throwable error) {
        return rootCause(error) instanceof MQBrokerException || clock.getAsLong() >= message.localDeadline();
    }

    private static Throwable rootCause(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null && cause != cause.getCause()) {
            cause = cause.getCause();
        }
        return cause;
    }

    private void reportFailures() {
        List<Failure> batch = new ArrayList<>();
        for (Failure f = failed.poll(); f != null; f = failed.poll()) {
            batch.add(f);
        }
        if (!batch.isEmpty()) {
            Failure first = batch.get(0);
            LOG.warn("POP-RENEW-FAILED the invisible time of {} held message(s) could not be extended (first: {} of "
                    + "group {}: {}); they may be delivered to another consumer too", batch.size(),
                    first.message().message().getMsgId(), first.message().group(), first.reason());
        }
    }

    /** Stops the own thread (if any); tracked messages are no longer renewed and come back at their deadline. */
    @Override
    public void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
        reportFailures();
        leases.clear();
    }
}
