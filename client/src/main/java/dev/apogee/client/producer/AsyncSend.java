package dev.apogee.client.producer;

import dev.apogee.client.MQClientException;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One asynchronous send: an attempt per remoting call, the next attempt (on another broker) started from the
 * completion callback, up to {@code attempts} (normally {@code 1 + retryTimesWhenSendAsyncFailed}) within the timeout. The result
 * future is completed exactly once, so no send is ever left unanswered.
 */
final class AsyncSend {
    private final Producer producer;
    private final String topic;
    private final RequestFactory requests;
    private final String msgId;
    private final CompletableFuture<SendResult> result;
    private final long deadlineNanos;
    private final long timeoutMillis;
    private int attemptsLeft;
    private final int shard;

    /**
     * {@code shard >= 0}: the first attempt goes to that shard's queue ({@link QueueChooser}); -1: round robin.
     * {@code attempts}: at most this many remoting calls (at least 1).
     */
    AsyncSend(Producer producer, String topic, RequestFactory requests, String msgId,
            CompletableFuture<SendResult> result, long timeoutMillis, int shard, int attempts) {
        this.shard = shard;
        this.producer = producer;
        this.topic = topic;
        this.requests = requests;
        this.msgId = msgId;
        this.result = result;
        this.timeoutMillis = timeoutMillis;
        this.deadlineNanos = System.nanoTime() + timeoutMillis * 1_000_000L;
        this.attemptsLeft = Math.max(1, attempts);
    }

    void start() {
        attempt(null);
    }

    private void attempt(String avoidBroker) {
        attemptsLeft--;
        long left = (deadlineNanos - System.nanoTime()) / 1_000_000L;
        if (left <= 0) {
            result.completeExceptionally(new MQClientException(MQClientException.REQUEST_TIMEOUT_EXCEPTION,
                    "async send to " + topic + " timed out after " + timeoutMillis + " ms"));
            return;
        }
        MessageQueue queue;
        String address;
        try {
            TopicRouteInfo route = producer.running().routes().getForPublish(topic,
                    producer.config().getDefaultTopicQueueNums());
            queue = producer.chooser().choose(topic, route.publishQueues(), avoidBroker, shard);
            address = producer.running().routes().masterAddress(queue.brokerName());
        } catch (MQClientException e) {
            result.completeExceptionally(e);
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result.completeExceptionally(e);
            return;
        }
        long start = producer.clock().getAsLong();
        MessageQueue target = queue;
        try {
            producer.running().rpc().callAsync(address, requests.build(queue), left)
                    .whenComplete((response, error) -> {
                        long latency = producer.clock().getAsLong() - start;
                        if (error == null) {
                            onResponse(target, address, response, latency);
                        } else {
                            onFailure(target, unwrap(error), latency);
                        }
                    });
        } catch (MQClientException e) {
            result.completeExceptionally(e);
        }
    }

    private void onResponse(MessageQueue queue, String address, dev.apogee.remoting.protocol.RemotingCommand response,
            long latency) {
        try {
            SendResult sendResult = SendCodec.result(response, address, queue, msgId);
            producer.recordLatency(queue.brokerName(), latency, false);
            result.complete(sendResult);
        } catch (MQClientException e) {
            onFailure(queue, e, latency);
        }
    }

    private void onFailure(MessageQueue queue, Throwable error, long latency) {
        boolean retryable = !(error instanceof MQClientException e) || Producer.isRetryable(e);
        producer.recordLatency(queue.brokerName(), latency, retryable);
        if (!(error instanceof dev.apogee.client.MQBrokerException)) {
            try {
                producer.running().routeRefresh().refreshSoon(topic);
            } catch (MQClientException stopped) {
                result.completeExceptionally(stopped);
                return;
            }
        }
        if (retryable && attemptsLeft > 0) {
            attempt(queue.brokerName());
        } else {
            result.completeExceptionally(error);
        }
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
