package dev.apogee.client.consumer;

import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.offset.OffsetStore;
import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.remoting.protocol.body.MessageModel;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Concurrent consumption: batches of up to {@code consumeBatchSize} messages run in parallel on a fixed pool. After
 * a batch, failed messages are sent back (clustering) and the batch leaves the process queue, whose lowest
 * in-flight offset becomes the queue's offset. A message whose send-back failed stays in flight and is consumed
 * again locally after 5 s, so the offset never passes it.
 */
final class ConcurrentConsumeService implements ConsumeService {
    private static final Logger LOG = LoggerFactory.getLogger(ConcurrentConsumeService.class);
    private static final long LOCAL_RETRY_DELAY_MILLIS = 5_000;

    private final PushConsumerConfig config;
    private final ConcurrentListener listener;
    private final OffsetStore offsets;
    private final SendBack sendBack;
    private final ThreadPoolExecutor pool;
    private final ScheduledExecutorService retries;

    ConcurrentConsumeService(PushConsumerConfig config, ConcurrentListener listener, OffsetStore offsets,
            SendBack sendBack, String threadPrefix) {
        this.config = config;
        this.listener = listener;
        this.offsets = offsets;
        this.sendBack = sendBack;
        this.pool = new ThreadPoolExecutor(config.getConsumeThreads(), config.getConsumeThreads(), 60,
                TimeUnit.SECONDS, new LinkedBlockingQueue<>(), new NamedThreadFactory(threadPrefix + "-consume",
                true));
        this.retries = Executors.newSingleThreadScheduledExecutor(
                new NamedThreadFactory(threadPrefix + "-consume-retry", true));
    }

    @Override
    public void submit(List<MessageExt> messages, ProcessQueue processQueue, MessageQueue queue, boolean dispatch) {
        int batch = Math.max(1, config.getConsumeBatchSize());
        for (int from = 0; from < messages.size(); from += batch) {
            List<MessageExt> part = messages.subList(from, Math.min(messages.size(), from + batch));
            execute(new ArrayList<>(part), processQueue, queue);
        }
    }

    private void execute(List<MessageExt> messages, ProcessQueue processQueue, MessageQueue queue) {
        try {
            pool.execute(() -> consume(messages, processQueue, queue));
        } catch (RejectedExecutionException e) {
            LOG.debug("consume pool is shut down; {} messages of {} stay unconsumed", messages.size(), queue);
        }
    }

    private void consume(List<MessageExt> messages, ProcessQueue processQueue, MessageQueue queue) {
        if (processQueue.isDropped()) {
            return;
        }
        ConsumeContext context = new ConsumeContext(queue, 0);
        String now = String.valueOf(System.currentTimeMillis());
        messages.forEach(m -> m.putProperty(MessageConst.CONSUME_START_TIME, now));
        ConsumeStatus status;
        try {
            status = listener.consume(messages, context);
        } catch (Throwable t) {
            LOG.warn("listener of {} threw on {} messages of {}", config.getGroup(), messages.size(), queue, t);
            status = ConsumeStatus.RECONSUME_LATER;
        }
        if (status == null) {
            status = ConsumeStatus.RECONSUME_LATER;
        }
        finish(messages, status, context, processQueue, queue);
    }

    private void finish(List<MessageExt> messages, ConsumeStatus status, ConsumeContext context,
            ProcessQueue processQueue, MessageQueue queue) {
        if (processQueue.isDropped()) {
            return;
        }
        List<MessageExt> done = new ArrayList<>(messages);
        if (status == ConsumeStatus.RECONSUME_LATER) {
            if (config.getMessageModel() == MessageModel.BROADCASTING) {
                LOG.warn("broadcasting consumer {} dropped {} failed messages of {}", config.getGroup(),
                        messages.size(), queue);
            } else {
                List<MessageExt> failed = sendBackAll(messages, context.getDelayLevelWhenNextConsume());
                done.removeAll(failed);
                if (!failed.isEmpty()) {
                    retryLocally(failed, processQueue, queue);
                }
            }
        }
        long offset = processQueue.remove(done);
        if (offset >= 0 && !processQueue.isDropped()) {
            offsets.updateOffset(queue, offset, true);
        }
    }

    private List<MessageExt> sendBackAll(List<MessageExt> messages, int delayLevel) {
        List<MessageExt> failed = new ArrayList<>();
        for (MessageExt message : messages) {
            try {
                if (!sendBack.sendBack(message, delayLevel)) {
                    failed.add(message);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failed.add(message);
            }
        }
        return failed;
    }

    private void retryLocally(List<MessageExt> failed, ProcessQueue processQueue, MessageQueue queue) {
        failed.forEach(m -> m.setReconsumeTimes(m.getReconsumeTimes() + 1));
        try {
            retries.schedule(() -> execute(failed, processQueue, queue), LOCAL_RETRY_DELAY_MILLIS,
                    TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            LOG.debug("consumer shutting down; {} failed messages stay unconsumed", failed.size());
        }
    }

    @Override
    public void shutdown(long awaitMillis) throws InterruptedException {
        retries.shutdownNow();
        pool.shutdown();
        if (!pool.awaitTermination(awaitMillis, TimeUnit.MILLISECONDS)) {
            pool.shutdownNow();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        retries.awaitTermination(5, TimeUnit.SECONDS);
    }
}
