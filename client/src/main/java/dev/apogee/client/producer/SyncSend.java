package dev.apogee.client.producer;

import dev.apogee.client.MQClientException;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One synchronous send with retries: up to {@code 1 + retryTimesWhenSendFailed} attempts within the timeout, each
 * retry on a queue of another broker when there is one; network errors and the retryable broker codes retry, other
 * broker answers are thrown at once.
 */
final class SyncSend {
    private static final Logger LOG = LoggerFactory.getLogger(SyncSend.class);

    private final Producer producer;
    private final String topic;
    private final RequestFactory requests;
    private final String msgId;
    private final long timeoutMillis;
    private final int shard;

    SyncSend(Producer producer, String topic, RequestFactory requests, String msgId, long timeoutMillis) {
        this(producer, topic, requests, msgId, timeoutMillis, -1);
    }

    /** {@code shard >= 0}: the first attempt goes to that shard's queue ({@link QueueChooser}). */
    SyncSend(Producer producer, String topic, RequestFactory requests, String msgId, long timeoutMillis, int shard) {
        this.shard = shard;
        this.producer = producer;
        this.topic = topic;
        this.requests = requests;
        this.msgId = msgId;
        this.timeoutMillis = timeoutMillis;
    }

    SendResult run() throws MQClientException, InterruptedException {
        long begin = System.nanoTime();
        int attempts = 1 + producer.config().getRetryTimesWhenSendFailed();
        String avoidBroker = null;
        MQClientException last = null;
        for (int attempt = 0; attempt < attempts; attempt++) {
            long left = timeoutMillis - (System.nanoTime() - begin) / 1_000_000L;
            if (left <= 0) {
                break;
            }
            TopicRouteInfo route = producer.running().routes().getForPublish(topic,
                    producer.config().getDefaultTopicQueueNums());
            MessageQueue queue = producer.chooser().choose(topic, route.publishQueues(), avoidBroker, shard);
            try {
                return producer.sendOnce(queue, requests.build(queue), msgId, left);
            } catch (MQClientException e) {
                if (!Producer.isRetryable(e)) {
                    throw e;
                }
                LOG.debug("send to {} failed (attempt {}): {}", queue, attempt + 1, e.getMessage());
                last = e;
                avoidBroker = queue.brokerName();
            }
        }
        long elapsed = (System.nanoTime() - begin) / 1_000_000L;
        if (last != null && elapsed < timeoutMillis) {
            throw last;
        }
        throw new MQClientException(MQClientException.REQUEST_TIMEOUT_EXCEPTION, "send to " + topic
                + " timed out after " + elapsed + " ms" + (last == null ? "" : "; last error: " + last.getMessage()),
                last);
    }
}
