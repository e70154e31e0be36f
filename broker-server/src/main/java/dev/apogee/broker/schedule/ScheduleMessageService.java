package dev.apogee.broker.schedule;

import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.store.DispatchListener;
import dev.apogee.store.GetResult;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.MessageStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Delivers delayed messages when they are due. Each level's queue of {@code SCHEDULE_TOPIC_XXXX} (queue = level − 1)
 * is FIFO in due time (one delay per level), so per level it is enough to deliver from the persisted progress offset
 * until the first message that is not yet due, then set one timer for that message's due time. New entries are
 * learned from the store's dispatch callback, which arms the level's timer if it is idle; nothing polls.
 *
 * <p>Threads: all delivery state (timers, progress) is touched only by the single {@code apogee-schedule} thread; the
 * dispatch thread merely posts "level n has a message due at t" to it. Progress is persisted on that thread every
 * {@code persistIntervalMillis} and once more at {@link #shutdown()}.
 */
public final class ScheduleMessageService implements DispatchListener {
    private static final Logger LOG = LoggerFactory.getLogger(ScheduleMessageService.class);
    private static final int BATCH = 32;
    private static final long RETRY_AFTER_FAILURE_MILLIS = 1_000;

    private final MessageStore store;
    private final DelayLevelTable levels;
    private final DelayOffsetTable progress;
    private final DueMessageWriter writer;
    private final LongSupplier clock;
    private final long persistIntervalMillis;
    private final ScheduledThreadPoolExecutor thread = newThread();
    private final ScheduledFuture<?>[] timers;
    private final long[] timerDue;

    public ScheduleMessageService(MessageStore store, DelayLevelTable levels, ConfigFile progressFile,
            InetSocketAddress storeHost, LongSupplier clock, long persistIntervalMillis) {
        this.store = store;
        this.levels = levels;
        this.progress = new DelayOffsetTable(progressFile, levels.maxLevel());
        this.writer = new DueMessageWriter(store, storeHost);
        this.clock = clock;
        this.persistIntervalMillis = persistIntervalMillis;
        this.timers = new ScheduledFuture<?>[levels.maxLevel() + 1];
        this.timerDue = new long[levels.maxLevel() + 1];
    }

    private static ScheduledThreadPoolExecutor newThread() {
        ScheduledThreadPoolExecutor executor =
                new ScheduledThreadPoolExecutor(1, new NamedThreadFactory("apogee-schedule", true));
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        executor.setRemoveOnCancelPolicy(true);
        return executor;
    }

    /** Loads the progress and delivers whatever became due while the broker was down. The store must be started. */
    public void start() throws IOException {
        progress.load();
        for (int level = 1; level <= levels.maxLevel(); level++) {
            int l = level;
            thread.execute(() -> deliverSafely(l));
        }
        thread.scheduleWithFixedDelay(this::persistQuietly, persistIntervalMillis, persistIntervalMillis,
                TimeUnit.MILLISECONDS);
    }

    /** Stops delivering (a delivery in progress finishes) and persists the progress. Call before the store stops. */
    public void shutdown() {
        thread.shutdown();
        try {
            if (!thread.awaitTermination(10, TimeUnit.SECONDS)) {
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        persistQuietly();
    }

    /** Called on the dispatch thread for every consume-queue entry: only schedule-topic entries matter here. */
    @Override
    public void onDispatched(String topic, int queueId, long queueOffsetNext, long tagsCode, long storeTimestamp) {
        if (queueId >= levels.maxLevel() || !TopicValidator.SCHEDULE_TOPIC.equals(topic)) {
            return;
        }
        int level = queueId + 1;
        long due = storeTimestamp + levels.delayMillis(level);
        try {
            thread.execute(() -> arm(level, due));
        } catch (RejectedExecutionException e) {
            // shutting down: the progress file makes the next start deliver it
        }
    }

    /** Makes sure the level is looked at no later than {@code due}. Schedule thread only. */
    private void arm(int level, long due) {
        if (thread.isShutdown()) {
            return;
        }
        if (timers[level] != null && !timers[level].isDone() && timerDue[level] <= due) {
            return;
        }
        if (timers[level] != null) {
            timers[level].cancel(false);
        }
        timerDue[level] = due;
        timers[level] = thread.schedule(() -> deliverSafely(level), Math.max(0, due - clock.getAsLong()),
                TimeUnit.MILLISECONDS);
    }

    private void deliverSafely(int level) {
        timers[level] = null; // this run is (or supersedes) the level's timer; deliver() re-arms as needed
        try {
            deliver(level);
        } catch (Throwable t) {
            LOG.error("SCHEDULE-FAIL delivering delay level {} failed; retrying in {} ms", level,
                    RETRY_AFTER_FAILURE_MILLIS, t);
            arm(level, clock.getAsLong() + RETRY_AFTER_FAILURE_MILLIS);
        }
    }

    /** Delivers the level's due messages in order; stops at the first one not yet due (arming its timer). */
    private void deliver(int level) {
        while (!thread.isShutdown()) {
            long offset = progress.get(level);
            GetResult result = store.getMessages(TopicValidator.SCHEDULE_TOPIC, level - 1, offset, BATCH,
                    Integer.MAX_VALUE, MessageFilter.ALL);
            switch (result.status()) {
                case FOUND -> {
                    if (!deliverBatch(level, result)) {
                        return;
                    }
                }
                case OFFSET_TOO_SMALL, OFFSET_OVERFLOW_BADLY, MESSAGE_WAS_REMOVING, NO_MATCHED_MESSAGE -> {
                    if (result.nextBeginOffset() == offset) {
                        return;
                    }
                    LOG.warn("SCHEDULE-SKIP delay level {} progress moved from {} to {} ({})", level, offset,
                            result.nextBeginOffset(), result.status());
                    progress.set(level, result.nextBeginOffset());
                }
                default -> {
                    return;
                }
            }
        }
    }

    /** @return true when every message of the batch was handled, false when one is not due (or must be retried). */
    private boolean deliverBatch(int level, GetResult result) {
        long delay = levels.delayMillis(level);
        for (ByteBuffer buffer : result.messages()) {
            StoredMessage message = StoredMessage.read(buffer);
            long due = message.storeTimestamp() + delay;
            long now = clock.getAsLong();
            if (due > now) {
                arm(level, due);
                return false;
            }
            if (writer.deliver(message) == DueMessageWriter.Outcome.RETRY_LATER) {
                arm(level, now + RETRY_AFTER_FAILURE_MILLIS);
                return false;
            }
            progress.set(level, message.queueOffset() + 1);
        }
        return true;
    }

    private void persistQuietly() {
        try {
            progress.persist();
        } catch (IOException | RuntimeException e) {
            LOG.error("SCHEDULE-PERSIST persisting delay progress failed", e);
        }
    }
}
