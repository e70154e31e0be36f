package dev.apogee.broker.console;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.schedule.RecordCopy;
import dev.apogee.remoting.naming.NameEncoding;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.PutResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Re-sends one DLQ message to the topic it came from (its RETRY_TOPIC): a copy with the same body, flag, born host
 * and time and properties (same message id, so a JMS consumer sees the same JMSMessageID), delivery count reset
 * (reconsume times 0), delay and timer properties dropped, appended to a queue of that topic chosen by its message
 * id. Every group subscribed to the topic receives it, as a new send would be received. The answer waits for the
 * put (under SYNC_FLUSH, for its fsync), at most the broker's {@code syncFlushTimeoutMillis} plus a second.
 *
 * <p>Refused: a record that is not there (404); a message without its original topic, already re-sent, or whose
 * topic is gone or not writable (409); without PUB on the topic when ACL is on (403). Logged as
 * {@code CONSOLE-DLQ-RESENT}.
 */
final class DeadLetterResend {
    private static final Logger LOG = LoggerFactory.getLogger(DeadLetterResend.class);
    /** Dropped from the copy: it is due at once, on its own topic. */
    private static final List<String> DROPPED = List.of(MessageProperties.DELAY, MessageProperties.REAL_TOPIC,
            MessageProperties.REAL_QID, MessageProperties.TIMER_DELIVER_MS, MessageProperties.TIMER_DELAY_SEC,
            MessageProperties.TIMER_DELAY_MS);

    private static final int RECENT_MAX = 1024;

    private final ConsoleSources sources;
    private final DeadLetterView view;
    private final Set<String> recent = new LinkedHashSet<>();

    DeadLetterResend(ConsoleSources sources, DeadLetterView view) {
        this.sources = sources;
        this.view = view;
    }

    /**
     * Serialized: the index shows a copy only once the dispatch thread indexed it, so two clicks in a row are told
     * apart by {@link #recent} (DLQ positions re-sent lately, bounded), guarded by this object's lock.
     */
    synchronized Map<String, Object> resend(String dlqTopic, int queueId, long offset, String accessKey) {
        view.requireDlq(dlqTopic);
        String position = dlqTopic + "/" + queueId + "/" + offset;
        if (recent.contains(position)) {
            throw conflict("already re-sent (" + position + ")");
        }
        StoredMessage original = view.read(dlqTopic, queueId, offset).orElseThrow(() ->
                ConsoleRequestException.notFound("no message at " + dlqTopic + " queue " + queueId + " offset "
                        + offset));
        String target = DeadLetterView.originalTopic(original);
        if (target == null) {
            throw conflict("the message does not name its original topic (no RETRY_TOPIC property)");
        }
        if (sources.acl() != null) {
            String refusal = sources.acl().publishRefusal(accessKey, target);
            if (refusal != null) {
                throw new ConsoleRequestException(403, refusal);
            }
        }
        Optional<StoredMessage> earlier = view.resentCopy(original);
        if (earlier.isPresent()) {
            throw conflict("already re-sent to " + NameEncoding.display(target) + " (queue "
                    + earlier.get().queueId() + ", offset " + earlier.get().queueOffset() + ")");
        }
        TopicConfig topic = sources.topics().get(target);
        if (topic == null || topic.getWriteQueueNums() < 1) {
            throw conflict("the original topic " + NameEncoding.display(target) + " no longer exists");
        }
        if (!PermName.isWriteable(topic.getPerm()) || !PermName.isWriteable(sources.config().getBrokerPermission())) {
            throw conflict("the topic " + NameEncoding.display(target) + " or this broker is not writable");
        }
        PutResult put = append(original, topic);
        recent.add(position);
        if (recent.size() > RECENT_MAX) {
            recent.remove(recent.iterator().next());
        }
        LOG.info("CONSOLE-DLQ-RESENT {} queue {} offset {} to {} queue {} offset {} by {}", dlqTopic, queueId, offset,
                target, queueOf(original, topic), put.queueOffset(), accessKey == null ? "(no ACL)" : accessKey);
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("topic", target);
        tree.put("queueId", queueOf(original, topic));
        tree.put("queueOffset", put.queueOffset());
        tree.put("status", put.status().name());
        return tree;
    }

    private PutResult append(StoredMessage original, TopicConfig topic) {
        Map<String, String> properties = new LinkedHashMap<>(original.properties());
        DROPPED.forEach(properties::remove);
        properties.put(MessageProperties.WAIT, "true"); // the answer acknowledges a durable copy
        var copy = RecordCopy.of(original, topic.getTopicName(), queueOf(original, topic), properties, 0,
                sources.storeHost());
        long timeout = sources.config().getSyncFlushTimeoutMillis() + 1_000;
        PutResult put;
        try {
            put = sources.store().putMessage(copy).get(timeout, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConsoleRequestException(503, "interrupted while storing the copy");
        } catch (ExecutionException | TimeoutException e) {
            throw new ConsoleRequestException(503, "storing the copy failed: " + e);
        }
        if (!put.status().isAppended()) {
            throw new ConsoleRequestException(503, "the store refused the copy: " + put.status());
        }
        return put;
    }

    /** The same queue for the same message id, so a re-send never reorders one id over two queues. */
    private static int queueOf(StoredMessage original, TopicConfig topic) {
        String id = original.property(MessageProperties.UNIQ_KEY);
        int hash = id != null ? id.hashCode() : Long.hashCode(original.physicalOffset());
        return Math.floorMod(hash, topic.getWriteQueueNums());
    }

    private static ConsoleRequestException conflict(String message) {
        return new ConsoleRequestException(409, message);
    }
}
