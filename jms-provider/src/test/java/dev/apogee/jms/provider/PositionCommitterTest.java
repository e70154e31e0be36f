package dev.apogee.jms.provider;

import dev.apogee.remoting.protocol.body.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The coalescing of AUTO_ACKNOWLEDGE commits, with a manual clock and timer: at most one commit in flight, commits
 * at least an interval apart, the last position always sent (by the timer when nobody asks again), and a flush
 * that supersedes a held-back commit.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class PositionCommitterTest {
    private static final MessageQueue Q = new MessageQueue("t", "b", 0);
    private static final long INTERVAL = TimeUnit.MILLISECONDS.toNanos(PositionCommitter.MIN_INTERVAL_MILLIS);

    private long now = 1_000_000_000L;
    private final List<Map<MessageQueue, Long>> asyncSent = new ArrayList<>();
    private final List<CompletableFuture<Void>> pending = new ArrayList<>();
    private final List<Map<MessageQueue, Long>> syncSent = new ArrayList<>();
    private final List<Runnable> timerTasks = new ArrayList<>();
    private final List<Long> timerDelays = new ArrayList<>();

    private final PositionCommitter committer = new PositionCommitter(new PositionCommitter.Broker() {
        @Override
        public CompletableFuture<Void> commitAsync(Map<MessageQueue, Long> positions) {
            asyncSent.add(Map.copyOf(positions));
            CompletableFuture<Void> f = new CompletableFuture<>();
            pending.add(f);
            return f;
        }

        @Override
        public void commitSync(Map<MessageQueue, Long> positions) {
            syncSent.add(Map.copyOf(positions));
        }
    }, (task, delay) -> {
        timerTasks.add(task);
        timerDelays.add(delay);
    }, () -> now);

    @Test
    void aFirstAcknowledgementIsCommittedAtOnce() {
        committer.request(Map.of(Q, 1L));
        assertEquals(List.of(Map.of(Q, 1L)), asyncSent);
        assertTrue(timerTasks.isEmpty());
    }

    @Test
    void acknowledgementsWithinTheIntervalGoOutAsOneCommitAtItsEnd() {
        committer.request(Map.of(Q, 1L));
        for (long i = 2; i <= 100; i++) {
            committer.request(Map.of(Q, i));
        }
        assertEquals(1, asyncSent.size()); // one in flight
        now += INTERVAL / 10;
        pending.get(0).complete(null); // completes early in the interval: the rest waits for its end
        assertEquals(1, asyncSent.size());
        assertEquals(1, timerTasks.size());
        assertEquals(INTERVAL - INTERVAL / 10, timerDelays.get(0));
        committer.request(Map.of(Q, 101L)); // merged into the scheduled commit
        assertEquals(1, timerTasks.size());
        now += INTERVAL;
        timerTasks.get(0).run();
        assertEquals(List.of(Map.of(Q, 1L), Map.of(Q, 101L)), asyncSent);
    }

    @Test
    void aCommitCompletingAfterTheIntervalSendsTheRestAtOnce() {
        committer.request(Map.of(Q, 1L));
        committer.request(Map.of(Q, 2L));
        now += 2 * INTERVAL;
        pending.get(0).complete(null);
        assertEquals(List.of(Map.of(Q, 1L), Map.of(Q, 2L)), asyncSent);
        assertTrue(timerTasks.isEmpty());
    }

    @Test
    void nothingNewMeansNoCommit() {
        committer.request(Map.of(Q, 5L));
        now += INTERVAL / 2;
        pending.get(0).complete(null);
        committer.request(Map.of(Q, 5L)); // the same position again
        assertEquals(1, asyncSent.size());
        assertTrue(timerTasks.isEmpty());
    }

    @Test
    void aFlushSupersedesTheHeldBackCommit() throws Exception {
        committer.request(Map.of(Q, 1L));
        pending.get(0).complete(null);
        committer.request(Map.of(Q, 7L)); // within the interval: scheduled
        assertEquals(1, timerTasks.size());
        committer.commitNow(Map.of());
        assertEquals(List.of(Map.of(Q, 7L)), syncSent);
        now += INTERVAL;
        timerTasks.get(0).run(); // finds nothing left to send
        assertEquals(1, asyncSent.size());
    }

    @Test
    void aFailedCommitIsRetriedWithTheNextAcknowledgement() {
        committer.request(Map.of(Q, 3L));
        pending.get(0).completeExceptionally(new IllegalStateException("connection lost"));
        now += INTERVAL;
        committer.request(Map.of(Q, 3L)); // nothing newer: the failed position itself goes out again
        assertEquals(List.of(Map.of(Q, 3L), Map.of(Q, 3L)), asyncSent);
    }

    @Test
    void aFlushWaitsForTheCommitInFlight() throws Exception {
        committer.request(Map.of(Q, 1L));
        Thread completer = new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
            pending.get(0).complete(null);
        });
        completer.start();
        committer.commitNow(Map.of(Q, 9L));
        completer.join();
        assertTrue(pending.get(0).isDone()); // the sync commit went out only after the older async one finished
        assertEquals(List.of(Map.of(Q, 9L)), syncSent);
    }
}
