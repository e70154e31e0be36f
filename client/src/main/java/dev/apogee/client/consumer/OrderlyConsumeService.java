package dev.apogee.client.consumer;

import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.offset.OffsetStore;
import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.remoting.protocol.body.MessageModel;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Orderly consumption: at most one task per queue, holding the queue's consume lock, takes the lowest messages,
 * runs the listener, and commits (offset moves past them) or rolls back and pauses the queue. In clustering mode a
 * queue is consumed only while this client holds its broker lock, renewed at least every 30 s.
 */
final class OrderlyConsumeService implements ConsumeService {
    private static final Logger LOG = LoggerFactory.getLogger(OrderlyConsumeService.class);
    private static final long MAX_CONTINUOUS_MILLIS = 60_000;
    private static final long LOCK_EXPIRY_MILLIS = 30_000;
    private static final long NOT_LOCKED_RETRY_MILLIS = 100;

    private final PushConsumerConfig config;
    private final OrderlyListener listener;
    private final OffsetStore offsets;
    private final SendBack deadLetters;
    private final ThreadPoolExecutor pool;
    private final ScheduledExecutorService later;

    /** @param deadLetters where messages that failed {@code maxReconsumeTimes} times go; null = retry forever */
    OrderlyConsumeService(PushConsumerConfig config, OrderlyListener listener, OffsetStore offsets,
            SendBack deadLetters, String threadPrefix) {
        this.config = config;
        this.listener = listener;
        this.offsets = offsets;
        this.deadLetters = deadLetters;
        this.pool = new ThreadPoolExecutor(config.getConsumeThreads(), config.getConsumeThreads(), 60,
                TimeUnit.SECONDS, new LinkedBlockingQueue<>(), new NamedThreadFactory(threadPrefix + "-consume",
                true));
        this.later = Executors.newSingleThreadScheduledExecutor(
                new NamedThreadFactory(threadPrefix + "-consume-later", true));
    }

    @Override
    public void submit(List<MessageExt> messages, ProcessQueue processQueue, MessageQueue queue, boolean dispatch) {
        if (dispatch) {
            execute(processQueue, queue, 0);
        }
    }

    private void execute(ProcessQueue processQueue, MessageQueue queue, long delayMillis) {
        try {
            if (delayMillis <= 0) {
                pool.execute(() -> consumeQueue(processQueue, queue));
            } else {
                later.schedule(() -> execute(processQueue, queue, 0), delayMillis, TimeUnit.MILLISECONDS);
            }
        } catch (RejectedExecutionException e) {
            LOG.debug("consume pool is shut down; {} stays unconsumed", queue);
        }
    }

    private void consumeQueue(ProcessQueue pq, MessageQueue queue) {
        if (pq.isDropped()) {
            return;
        }
        boolean clustering = config.getMessageModel() == MessageModel.CLUSTERING;
        pq.consumeLock().lock();
        try {
            long start = System.currentTimeMillis();
            while (!pq.isDropped()) {
                long now = System.currentTimeMillis();
                if (clustering && (!pq.isLocked() || pq.isLockExpired(now, LOCK_EXPIRY_MILLIS))) {
                    execute(pq, queue, NOT_LOCKED_RETRY_MILLIS);
                    return;
                }
                if (now - start > MAX_CONTINUOUS_MILLIS) {
                    execute(pq, queue, 10);
                    return;
                }
                List<MessageExt> messages = pq.take(Math.max(1, config.getConsumeBatchSize()));
                if (messages.isEmpty()) {
                    return;
                }
                ConsumeContext context = new ConsumeContext(queue, config.getOrderlySuspendMillis());
                if (!consumeBatch(messages, context, pq, queue)) {
                    execute(pq, queue, Math.max(10, context.getSuspendMillis()));
                    return;
                }
            }
        } finally {
            pq.consumeLock().unlock();
        }
    }

    /** @return false when the batch must be retried after a pause */
    private boolean consumeBatch(List<MessageExt> messages, ConsumeContext context, ProcessQueue pq,
            MessageQueue queue) {
        String now = String.valueOf(System.currentTimeMillis());
        messages.forEach(m -> m.putProperty(MessageConst.CONSUME_START_TIME, now));
        OrderlyStatus status;
        try {
            status = listener.consume(messages, context);
        } catch (Throwable t) {
            LOG.warn("orderly listener of {} threw on {}", config.getGroup(), queue, t);
            status = OrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT;
        }
        if (pq.isDropped()) {
            return true;
        }
        if (status == OrderlyStatus.SUCCESS) {
            long offset = pq.commit();
            if (offset >= 0) {
                offsets.updateOffset(queue, offset, false);
            }
            return true;
        }
        messages.forEach(m -> m.setReconsumeTimes(m.getReconsumeTimes() + 1));
        if (exhausted(messages) && toDeadLetters(messages)) {
            long offset = pq.commit();
            if (offset >= 0) {
                offsets.updateOffset(queue, offset, false);
            }
            return true;
        }
        pq.rollback();
        return false;
    }

    private boolean exhausted(List<MessageExt> messages) {
        return deadLetters != null && config.getMaxReconsumeTimes() >= 0
                && messages.stream().anyMatch(m -> m.getReconsumeTimes() > config.getMaxReconsumeTimes());
    }

    /** Moves the batch to the group's DLQ (send-back with delay level -1) so the queue can go on. */
    private boolean toDeadLetters(List<MessageExt> messages) {
        try {
            for (MessageExt message : messages) {
                if (!deadLetters.sendBack(message, -1)) {
                    return false;
                }
                LOG.warn("{} failed {} times in order on {}, moved to the DLQ", message.getMsgId(),
                        message.getReconsumeTimes(), message.getTopic());
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void shutdown(long awaitMillis) throws InterruptedException {
        later.shutdownNow();
        pool.shutdown();
        if (!pool.awaitTermination(awaitMillis, TimeUnit.MILLISECONDS)) {
            pool.shutdownNow();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        later.awaitTermination(5, TimeUnit.SECONDS);
    }
}
