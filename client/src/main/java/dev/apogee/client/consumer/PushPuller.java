package dev.apogee.client.consumer;

import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.offset.OffsetStore;
import dev.apogee.remoting.protocol.body.MessageModel;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.function.Function;

/**
 * The pull loop of a {@link PushConsumer}: per owned queue one long-polling pull at a time, paused by flow control
 * (cached count, cached bytes, offset span) or, for orderly consumers, until the queue is locked; each completion
 * feeds the process queue and the consume service and issues the next pull.
 */
final class PushPuller {
    private static final Logger LOG = LoggerFactory.getLogger(PushPuller.class);
    private static final long FLOW_CONTROL_DELAY_MILLIS = 50;
    private static final long ERROR_DELAY_MILLIS = 3_000;
    private static final long BROKER_FLOW_CONTROL_DELAY_MILLIS = 20;
    private static final long NOT_LOCKED_DELAY_MILLIS = 1_000;

    /** One owned queue: its process queue and the next offset to pull. */
    static final class PushQueue {
        final MessageQueue queue;
        final ProcessQueue processQueue = new ProcessQueue();
        volatile long nextOffset;

        PushQueue(MessageQueue queue, long nextOffset) {
            this.queue = queue;
            this.nextOffset = nextOffset;
        }
    }

    private final PushConsumerConfig config;
    private final boolean orderly;
    private final PullService pulls;
    private final PullApi api;
    private final OffsetStore offsets;
    private final Function<String, SubscriptionData> subscriptions;
    private volatile ConsumeService consumer;
    private volatile boolean stopped;

    PushPuller(PushConsumerConfig config, boolean orderly, PullService pulls, PullApi api, OffsetStore offsets,
            Function<String, SubscriptionData> subscriptions) {
        this.config = config;
        this.orderly = orderly;
        this.pulls = pulls;
        this.api = api;
        this.offsets = offsets;
        this.subscriptions = subscriptions;
    }

    void consumeWith(ConsumeService consumeService) {
        this.consumer = consumeService;
    }

    void start(PushQueue queue) {
        pulls.execute(() -> pull(queue));
    }

    /** No pull is issued after this (in-flight ones complete but are not followed up). */
    void stop() {
        stopped = true;
    }

    private void pull(PushQueue queue) {
        ProcessQueue pq = queue.processQueue;
        if (stopped || pq.isDropped()) {
            return;
        }
        pq.markPulled(System.currentTimeMillis());
        long delay = flowControlDelay(pq);
        SubscriptionData subscription = subscriptions.apply(queue.queue.topic());
        if (delay == 0 && subscription == null) {
            delay = ERROR_DELAY_MILLIS;
        }
        if (delay > 0) {
            pulls.executeLater(() -> pull(queue), delay);
            return;
        }
        long commitOffset = config.getMessageModel() == MessageModel.CLUSTERING
                ? offsets.readMemory(queue.queue) : -1;
        long offset = queue.nextOffset;
        PullArgs args = new PullArgs(config.getGroup(), queue.queue, offset, config.getPullBatchSize(), commitOffset,
                subscription, false, false, config.getSuspendMillis(), config.getPullTimeoutMillis());
        api.pull(args).whenComplete((result, error) -> {
            if (error != null) {
                onError(queue, offset, error);
            } else {
                onResult(queue, result);
            }
        });
    }

    private long flowControlDelay(ProcessQueue pq) {
        if (pq.cachedCount() > config.getMaxCachedMessagesPerQueue()
                || pq.cachedBytes() > config.getMaxCachedMebibytesPerQueue() * 1024L * 1024L) {
            return FLOW_CONTROL_DELAY_MILLIS;
        }
        if (orderly) {
            return pq.isLocked() ? 0 : NOT_LOCKED_DELAY_MILLIS;
        }
        return pq.offsetSpan() > config.getMaxOffsetSpan() ? FLOW_CONTROL_DELAY_MILLIS : 0;
    }

    private void onError(PushQueue queue, long offset, Throwable error) {
        if (stopped || queue.processQueue.isDropped()) {
            return;
        }
        boolean flowControl = PullApi.isFlowControl(error);
        if (!flowControl) {
            LOG.warn("pull of {} at {} failed: {}", queue.queue, offset, PullApi.cause(error).toString());
        }
        pulls.executeLater(() -> pull(queue), flowControl ? BROKER_FLOW_CONTROL_DELAY_MILLIS : ERROR_DELAY_MILLIS);
    }

    private void onResult(PushQueue queue, PullResult result) {
        ProcessQueue pq = queue.processQueue;
        if (pq.isDropped()) {
            return;
        }
        queue.nextOffset = result.nextBeginOffset();
        List<MessageExt> messages = result.messages();
        switch (result.status()) {
            case FOUND -> {
                if (!messages.isEmpty()) {
                    restoreRetryTopics(messages);
                    boolean dispatch = pq.put(messages);
                    consumer.submit(messages, pq, queue.queue, dispatch);
                } else if (pq.cachedCount() == 0) {
                    offsets.updateOffset(queue.queue, result.nextBeginOffset(), true);
                }
            }
            case NO_NEW_MSG, NO_MATCHED_MSG -> {
                if (pq.cachedCount() == 0) {
                    offsets.updateOffset(queue.queue, result.nextBeginOffset(), true);
                }
            }
            case OFFSET_ILLEGAL -> {
                LOG.warn("offset of {} was illegal, continuing at {}", queue.queue, result.nextBeginOffset());
                if (pq.cachedCount() == 0) {
                    offsets.updateOffset(queue.queue, result.nextBeginOffset(), false);
                }
            }
        }
        pulls.execute(() -> pull(queue));
    }

    private void restoreRetryTopics(List<MessageExt> messages) {
        String retryTopic = SendBack.retryTopic(config.getGroup());
        for (MessageExt message : messages) {
            String original = message.getProperty(MessageConst.RETRY_TOPIC);
            if (original != null && retryTopic.equals(message.getTopic())) {
                message.setTopic(original);
            }
        }
    }
}
