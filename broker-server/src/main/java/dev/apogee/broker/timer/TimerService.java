package dev.apogee.broker.timer;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.consumequeue.ConsumeQueueEntry;
import dev.apogee.store.record.MessageProperty;
import dev.apogee.store.record.PropertiesCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Delivers timer messages when due, on its own thread ({@code apogee-timer}), which owns the {@link TimerWheel} and
 * the {@link DeliveredOffsets}. Each tick ({@value TimerWheel#TICK_MILLIS} ms) it takes new timer-topic entries into
 * the wheel (reading consume-queue entries only: the due time is their tags code), hands due ones to the store under
 * their real topic and queue, and records stores that completed (completions arrive on the store's thread through a
 * queue). At start the wheel is rebuilt from the delivered watermark, so pending timers survive restarts.
 */
public final class TimerService {
    private static final Logger LOG = LoggerFactory.getLogger(TimerService.class);
    private static final long PERSIST_EVERY_MILLIS = 1000;
    private static final long RETRY_AFTER_MILLIS = 1000;

    private final MessageStore store;
    private final DeliveredOffsets delivered;
    private final InetSocketAddress storeHost;
    private final LongSupplier clock;
    private final Queue<long[]> completions = new ConcurrentLinkedQueue<>();
    private final ConsumeQueueEntry entry = new ConsumeQueueEntry();
    private TimerWheel wheel;
    private long ingestOffset;
    private long lastPersist;
    private volatile boolean running;
    private Thread thread;

    public TimerService(MessageStore store, ConfigFile progressFile, InetSocketAddress storeHost, LongSupplier clock) {
        this.store = store;
        this.delivered = new DeliveredOffsets(progressFile);
        this.storeHost = storeHost;
        this.clock = clock;
    }

    public void start() throws IOException {
        delivered.load(store.getMinOffsetInQueue(TopicValidator.TIMER_TOPIC, 0));
        ingestOffset = delivered.low();
        wheel = new TimerWheel(clock.getAsLong());
        running = true;
        thread = new Thread(this::run, "apogee-timer");
        thread.setDaemon(true);
        thread.start();
    }

    public void shutdown() {
        running = false;
        if (thread != null) {
            LockSupport.unpark(thread);
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Timers waiting in the wheel (read by tests and metrics; racy by design). */
    public long pending() {
        TimerWheel w = wheel;
        return w == null ? 0 : w.size();
    }

    private void run() {
        while (running) {
            try {
                tick();
            } catch (Throwable t) {
                LOG.error("timer tick failed", t);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(TimerWheel.TICK_MILLIS));
        }
        drainCompletions();
        persistQuietly();
    }

    private void tick() {
        drainCompletions();
        ingest();
        long now = clock.getAsLong();
        wheel.expire(now, this::deliver);
        if (now - lastPersist >= PERSIST_EVERY_MILLIS) {
            persistQuietly();
            lastPersist = now;
        }
    }

    private void ingest() {
        long max = store.getMaxOffsetInQueue(TopicValidator.TIMER_TOPIC, 0);
        for (; ingestOffset < max; ingestOffset++) {
            if (!delivered.isDelivered(ingestOffset)
                    && store.readQueueEntry(TopicValidator.TIMER_TOPIC, 0, ingestOffset, entry)) {
                wheel.add(entry.tagsCode(), ingestOffset);
            }
        }
    }

    private void deliver(long dueMillis, long queueOffset) {
        if (!store.readQueueEntry(TopicValidator.TIMER_TOPIC, 0, queueOffset, entry)) {
            delivered.markDelivered(queueOffset);
            return;
        }
        Optional<ByteBuffer> record = store.lookMessageByOffset(entry.physicalOffset());
        if (record.isEmpty()) {
            LOG.warn("timer message at queue offset {} is gone from the commit log; skipped", queueOffset);
            delivered.markDelivered(queueOffset);
            return;
        }
        store.putMessage(realMessage(StoredMessage.read(record.get()))).whenComplete((result, error) ->
                completions.add(new long[] {queueOffset, dueMillis, error == null && result.isOk() ? 1 : 0}));
    }

    private MessageToStore realMessage(StoredMessage timer) {
        Map<String, String> properties = new LinkedHashMap<>(timer.properties());
        properties.remove(MessageProperty.STORE_TAGS_CODE);
        properties.put("TIMER_DEQUEUE_MS", String.valueOf(clock.getAsLong()));
        String queue = properties.get(MessageProperties.REAL_QID);
        return new MessageToStore()
                .topic(properties.getOrDefault(MessageProperties.REAL_TOPIC, timer.topic()))
                .queueId(queue == null ? 0 : Integer.parseInt(queue))
                .flag(timer.flag())
                .body(timer.body())
                .properties(PropertiesCodec.encode(properties))
                .sysFlag(timer.sysFlag())
                .bornTimestamp(timer.bornTimestamp())
                .bornHost(timer.bornHost())
                .storeHost(storeHost)
                .reconsumeTimes(timer.reconsumeTimes());
    }

    private void drainCompletions() {
        long[] done;
        while ((done = completions.poll()) != null) {
            if (done[2] == 1) {
                delivered.markDelivered(done[0]);
            } else {
                LOG.warn("delivering timer message at queue offset {} failed; retrying in {} ms", done[0],
                        RETRY_AFTER_MILLIS);
                wheel.add(clock.getAsLong() + RETRY_AFTER_MILLIS, done[0]);
            }
        }
    }

    private void persistQuietly() {
        try {
            delivered.persist();
        } catch (IOException | RuntimeException e) {
            LOG.error("persisting timer progress failed", e);
        }
    }
}
