package dev.apogee.client.producer;

import dev.apogee.client.MQClientException;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.UniqueKeyGenerator;
import dev.apogee.remoting.netty.DeferredCommand;
import dev.apogee.remoting.netty.OnewaySlot;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.body.MessageQueue;
import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A producer's coalesced oneway sends ({@link Producer#sendOnewayCoalesced}). Each queue (and WAIT flag) has a lane
 * holding at most one open batch: a request already queued on the connection but not yet built. A send joins the
 * open batch of its lane when it can, else queues a new one; the connection builds a batch when its turn to be
 * written comes ({@link DeferredCommand}), closing it. So a lone send goes out as soon as the connection can write
 * it (as a plain SEND_MESSAGE_V2), and sends made while the connection is busy share one SEND_BATCH_MESSAGE request:
 * the client encodes one header instead of one per message and the broker handles one request, with no timer and
 * no added latency. Measured with 1 KiB bodies (see the JMS benchmark's non-persistent rows).
 *
 * <p>Order: a batch takes its place among the connection's writes when it is queued, and only messages sent after it
 * join it, so one thread's coalesced sends to a queue arrive in order. Any other send of the producer
 * {@link #seal seals} all open batches first (they are then built from what they hold), so it cannot overtake
 * coalesced sends made before it. A batch is also closed at {@value #MAX_MESSAGES} messages or
 * {@value #MAX_BYTES} bytes of bodies, which bounds a request and what a lane holds.
 *
 * <p>Threads: sending threads and the event loop building a batch share a lane under its monitor (held for a list
 * add or for queueing a request, never while waiting); the oneway permit, which may wait, is taken before it, and
 * the event loop is woken for a new batch only after it is released (else the event loop, woken at once on another
 * core, blocks on the monitor the sender still holds: a park and an unpark per lone send).
 */
final class OnewayBatches {
    static final int MAX_MESSAGES = 64;
    static final int MAX_BYTES = 256 * 1024;

    private record LaneKey(MessageQueue queue, boolean waitStore) {
    }

    private final Producer producer;
    private final ConcurrentHashMap<LaneKey, Lane> lanes = new ConcurrentHashMap<>();
    /** Advanced by every other send of the producer: a batch of an older generation takes no more messages. */
    private final AtomicLong generation = new AtomicLong();
    /** Skips the seal's atomic increment for producers that never coalesced. */
    private volatile boolean used;
    /** Requests built and the messages they carried, for {@link Producer#coalescedOnewayStats}. */
    private final LongAdder requestsBuilt = new LongAdder();
    private final LongAdder messagesCarried = new LongAdder();

    OnewayBatches(Producer producer) {
        this.producer = producer;
    }

    /**
     * True if {@code message} can travel in a batch: the batch format carries no per-message send flags, so
     * compressed, transactional and delayed messages and retry-topic sends go alone.
     */
    static boolean batchable(Message message, int compressThreshold) {
        return message.getBodyLength() <= compressThreshold && message.getDelayTimeLevel() <= 0
                && message.getProperty(MessageConst.TRAN_MSG) == null
                && message.getProperty(MessageConst.TIMER_DELIVER_MS) == null
                && message.getProperty(MessageConst.TIMER_DELAY_MS) == null
                && message.getProperty(MessageConst.TIMER_DELAY_SEC) == null
                && !message.getTopic().startsWith("%RETRY%");
    }

    /** Sends a validated, batchable {@code message} (carrying its UNIQ_KEY) to {@code queue} at {@code address}. */
    void send(Message message, MessageQueue queue, String address) throws MQClientException, InterruptedException {
        if (!used) {
            used = true;
        }
        Lane lane = lanes.computeIfAbsent(new LaneKey(queue, message.isWaitStoreMsgOK()), Lane::new);
        OnewaySlot slot = producer.running().rpc().reserveOneway(address, producer.config().getSendTimeoutMillis());
        lane.send(message, slot, generation.get());
    }

    CoalescedOnewayStats stats() {
        return new CoalescedOnewayStats(requestsBuilt.sum(), messagesCarried.sum());
    }

    /** Closes every open batch to further messages (called before any other send of the producer). */
    void seal() {
        if (used) {
            generation.incrementAndGet();
        }
    }

    /** One queue's coalesced sends. */
    private final class Lane {
        private final LaneKey key;
        /** The batch queued on the connection and not yet built, if any; guarded by this lane. */
        private Batch open;

        Lane(LaneKey key) {
            this.key = key;
        }

        void send(Message message, OnewaySlot slot, long currentGeneration) {
            int size = message.getBodyLength();
            boolean startDrain;
            synchronized (this) {
                Batch batch = open;
                if (batch != null && batch.channel == slot.channel() && batch.generation == currentGeneration
                        && batch.messages.size() < MAX_MESSAGES && batch.bytes + size <= MAX_BYTES) {
                    batch.add(message, size);
                    slot.cancel();
                    return;
                }
                batch = new Batch(this, slot.channel(), currentGeneration);
                batch.add(message, size);
                // queued under the monitor: nothing joins it before it has its place among the connection's writes,
                // and the event loop cannot build it before it is open (unless this thread is the event loop: then it
                // was built just now, and stays closed)
                startDrain = slot.queue(batch);
                if (!batch.closed) {
                    open = batch;
                }
            }
            if (startDrain) {
                slot.startDrain(); // outside the monitor: the woken event loop builds the batch, which takes it
            }
        }

        /** Called by the event loop when {@code batch} is about to be written: it takes no more messages. */
        synchronized List<Message> close(Batch batch) {
            batch.closed = true;
            if (open == batch) {
                open = null;
            }
            return batch.messages;
        }
    }

    /** A request of one lane, built from the messages it gathered when the connection writes it. */
    private final class Batch implements DeferredCommand {
        private final Lane lane;
        private final Channel channel;
        private final long generation;
        /** Guarded by the lane until {@link Lane#close}; then read by the event loop alone. */
        private final List<Message> messages = new ArrayList<>(4);
        private int bytes;
        /** Set (under the lane's monitor) when it is built: it takes no more messages. */
        private boolean closed;

        Batch(Lane lane, Channel channel, long generation) {
            this.lane = lane;
            this.channel = channel;
            this.generation = generation;
        }

        void add(Message message, int size) {
            messages.add(message);
            bytes += size;
        }

        @Override
        public RemotingCommand build() {
            List<Message> taken = lane.close(this);
            requestsBuilt.increment();
            messagesCarried.add(taken.size());
            SendCodec.SendTarget target = new SendCodec.SendTarget(producer.config().getGroup(), lane.key.queue(), 0,
                    producer.clock().getAsLong(), producer.config().getDefaultTopicQueueNums());
            if (taken.size() == 1) {
                Message only = taken.get(0);
                return SendCodec.single(target, only); // its body written into the frame
            }
            return SendCodec.batch(target, taken, UniqueKeyGenerator.next());
        }
    }
}
