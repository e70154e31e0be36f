package dev.apogee.broker.pop;

import dev.apogee.broker.subscription.SubscriptionGroupConfig;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.store.PutResult;
import dev.apogee.store.file.NoSpace;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The {@code apogee-pop-expiry} thread, every {@value #TICK_MILLIS} ms: ends the leases whose deadline passed (the
 * message is due again with its count + 1 and the held pops of its topic are woken, or past the group's
 * {@code retryMaxTimes} it is copied to {@code %DLQ%<group>} and then journaled as done), answers held pops whose
 * poll time is over, reclaims the state of deleted groups and topics, drops idle selector cursors, and writes a
 * {@link PopSnapshot} every {@code snapshotMillis}.
 */
final class PopExpiryService {
    private static final Logger LOG = LoggerFactory.getLogger(PopExpiryService.class);
    static final long TICK_MILLIS = 100;
    /** A selector not used for this long loses its scan cursor (it restarts from the group's cursor). */
    static final long SELECTOR_IDLE_MILLIS = 300_000;
    /** How soon a dead-letter copy that failed is tried again. */
    private static final long DLQ_RETRY_MILLIS = 1_000;

    private final PopService pops;
    private final PopLongPolling polling;
    private final DeadLetters deadLetters;
    private final SubscriptionGroupTable groups;
    private final TopicConfigTable topics;
    private final PopSnapshot snapshot;
    private final PopJournal journal;
    private final LongSupplier clock;
    private final long snapshotMillis;
    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("apogee-pop-expiry", true));
    private long lastSnapshot;

    PopExpiryService(PopService pops, PopLongPolling polling, DeadLetters deadLetters, SubscriptionGroupTable groups,
            TopicConfigTable topics, PopSnapshot snapshot, PopJournal journal, LongSupplier clock,
            long snapshotMillis) {
        this.pops = pops;
        this.polling = polling;
        this.deadLetters = deadLetters;
        this.groups = groups;
        this.topics = topics;
        this.snapshot = snapshot;
        this.journal = journal;
        this.clock = clock;
        this.snapshotMillis = snapshotMillis;
    }

    void start() {
        lastSnapshot = clock.getAsLong();
        thread.scheduleWithFixedDelay(this::tickSafely, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Stops the thread (bounded wait); the caller writes the final snapshot. */
    void shutdown() {
        thread.shutdown();
        try {
            if (!thread.awaitTermination(5, TimeUnit.SECONDS)) {
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void tickSafely() {
        try {
            tick(clock.getAsLong());
        } catch (Throwable t) {
            if (NoSpace.is(t)) {
                LOG.warn("POP-EXPIRY-DISK-FULL no space for the POP snapshot, the previous one stays; retried in {} ms: {}",
                        snapshotMillis, t.toString());
                return;
            }
            LOG.error("POP-EXPIRY sweep failed", t);
        }
    }

    /** One sweep (package-private for tests). */
    void tick(long now) throws IOException {
        polling.expire();
        pops.ledgers().all().removeIf(l -> groups.get(l.key.group()) == null || topics.get(l.key.topic()) == null);
        for (QueueLedger ledger : pops.ledgers().all()) {
            expire(ledger, now);
        }
        if (now - lastSnapshot >= snapshotMillis) {
            // set first: a failed snapshot (a full disk) is retried at the next interval, not on every tick, since
            // each try journals a MARK record into what is left of the disk
            lastSnapshot = now;
            writeSnapshot();
        }
    }

    /**
     * Writes a snapshot that holds only durable events: the ledgers are copied, then a MARK event is journaled and
     * made durable (the CommitLog is forced as a prefix, so every event the copy holds is on disk), and only then is
     * the file written. A snapshot holding events a kill -9 could still lose would hand out journal offsets the
     * restarted broker reuses, and a later replay from the snapshot would skip the new events written there.
     */
    void writeSnapshot() throws IOException {
        long replayFrom = journal.nextOffset();
        byte[] state = snapshot.encode(pops.ledgers(), replayFrom);
        PutResult mark = journal.append(PopEvent.mark(), true).join();
        if (!PopJournal.stored(mark) || !PopJournal.stored(journal.makeDurable(mark).join())) {
            throw new IOException("the snapshot's durability barrier was not stored: " + mark.status());
        }
        snapshot.writeFile(state);
    }

    /**
     * Ends the due leases of one group-queue now rather than at the next tick, on this service's thread (the caller
     * may be the store's flush thread, which must not copy dead letters itself), and wakes the held pops of its topic:
     * a message released with invisible time 0 (a JMS recover or rollback) is due again, counted, when its release
     * is answered, so a pop right after the release finds the released messages, in offset order.
     */
    CompletableFuture<Void> expireNow(LedgerKey key) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            thread.execute(() -> {
                try {
                    QueueLedger ledger = pops.ledgers().find(key);
                    if (ledger != null) {
                        expire(ledger, clock.getAsLong());
                    }
                    polling.wake(key.topic());
                } finally {
                    done.complete(null);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            done.complete(null); // shutting down: the restart re-derives expiry from the deadlines
        }
        return done;
    }

    private void expire(QueueLedger ledger, long now) {
        List<long[]> dead;
        boolean woke;
        synchronized (ledger) {
            int before = ledger.available.size();
            dead = ledger.expire(now, retryMaxTimes(ledger.key.group()));
            woke = ledger.available.size() > before;
            ledger.dropIdleSelectors(now - SELECTOR_IDLE_MILLIS);
        }
        if (woke) {
            polling.wake(ledger.key.topic());
        }
        for (long[] d : dead) {
            long offset = d[0];
            // completed on the store's flush thread: the follow-up (another journal put) runs on this thread
            deadLetters.copy(ledger.key, offset, (int) d[1]).whenCompleteAsync((r, e) -> {
                if (e == null && (r == null || r.status().isAppended())) {
                    pops.markDeadLettered(ledger, offset);
                } else {
                    retryLater(ledger, offset, r, e);
                }
            }, thread);
        }
    }

    private void retryLater(QueueLedger ledger, long offset, PutResult r, Throwable e) {
        LOG.warn("POP-DLQ copying {}:{} offset {} of group {} to its dead-letter queue failed ({}), retried",
                ledger.key.topic(), ledger.key.queueId(), offset, ledger.key.group(), e != null ? e : r.status());
        synchronized (ledger) {
            Lease lease = ledger.leases.get(offset);
            if (lease != null && lease.deadline() == Long.MAX_VALUE) {
                ledger.leases.put(offset, new Lease(lease.popTime(), clock.getAsLong() + DLQ_RETRY_MILLIS,
                        lease.reconsumeTimes()));
            }
        }
    }

    private int retryMaxTimes(String group) {
        SubscriptionGroupConfig config = groups.get(group);
        return config == null ? SubscriptionGroupConfig.DEFAULT_RETRY_MAX_TIMES : config.retryMaxTimes();
    }
}
