package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.message.MessageExt;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.remoting.naming.NameEncoding;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * One JMS consumer inside {@link NativeProvider}: its pull consumer, the polled messages not handed out yet, the
 * position after the last message handed out per queue, and the committer of acknowledged positions. Fields other than
 * the committer are guarded by this object's monitor (the provider synchronizes on it).
 */
final class NativeConsumer {
    private static final Logger LOG = LoggerFactory.getLogger(NativeConsumer.class);

    final ConsumerSpec spec;
    final PullConsumer consumer;
    final Deque<MessageExt> pending = new ArrayDeque<>();
    /** The position after the last message handed out, per queue (the acks of a transaction). */
    final Map<MessageQueue, Long> delivered = new HashMap<>();
    /** The last value of each property name it received (see {@link NativeMessages#toWire}); guarded by this. */
    private final String[] receivedValues = NativeMessages.newValueCache();
    final PositionCommitter committer;
    /** The queue of the message handed out last: the next one is almost always from the same queue. */
    private MessageQueue lastQueue;

    /**
     * The native consumer's {@link dev.apogee.client.consumer.PullConsumerConfig#setBeforeQueueReleased hook}: when
     * rebalance is about to give one of its queues to another member, the positions this consumer acknowledged are
     * stored first, so the queue's new owner starts after them (not at the last commit: up to a commit interval of
     * duplicates). Made before the native consumer, which is made before this object, hence the late target.
     */
    static final class ReleaseHook implements Consumer<MessageQueue> {
        private volatile NativeConsumer target;

        @Override
        public void accept(MessageQueue queue) {
            NativeConsumer consumer = target;
            if (consumer != null) {
                consumer.storeAcknowledged();
            }
        }
    }

    NativeConsumer(ConsumerSpec spec, PullConsumer consumer, ReleaseHook release) {
        this.spec = spec;
        this.consumer = consumer;
        this.committer = new PositionCommitter(new PositionCommitter.Broker() {
            @Override
            public CompletableFuture<Void> commitAsync(Map<MessageQueue, Long> positions) {
                return consumer.commitAsync(positions);
            }

            @Override
            public void commitSync(Map<MessageQueue, Long> positions)
                    throws MQClientException, InterruptedException {
                consumer.commitSync(positions);
            }
        }, CommitTimer.INSTANCE, System::nanoTime);
        release.target = this; // last: the rebalance thread may call it at once
    }

    /** The queue {@code m} was pulled from, without a new key object per message. */
    MessageQueue queueOf(MessageExt m) {
        MessageQueue q = lastQueue;
        if (q == null || q.queueId() != m.getQueueId() || !q.brokerName().equals(m.getBrokerName())
                || !q.topic().equals(m.getTopic())) {
            q = new MessageQueue(m.getTopic(), m.getBrokerName(), m.getQueueId());
            lastQueue = q;
        }
        return q;
    }

    /** Stores what AUTO/DUPS_OK acknowledged lazily (never CLIENT's unacknowledged deliveries), then stops. */
    synchronized void close() {
        storeAcknowledged();
        consumer.shutdown();
    }

    /**
     * Stores the positions acknowledged lazily and waits for the broker (the close, and rebalance before it gives a
     * queue to another member; then on the rebalance thread, without this object's monitor, like the committer's
     * other callers' broker calls).
     */
    void storeAcknowledged() {
        try {
            committer.commitNow(Map.of());
        } catch (Exception e) { // the un-stored acknowledgements come again: duplicates after a failure
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            LOG.warn("JMS-ACK-FLUSH-FAILED storing acknowledged positions of {} failed: {}",
                    NameEncoding.describe(spec.group()), e.toString());
        }
    }

    /** The wire form of {@code m}, received by this consumer. */
    WireMessage toWire(MessageExt m) {
        return NativeMessages.toWire(m, receivedValues);
    }
}
