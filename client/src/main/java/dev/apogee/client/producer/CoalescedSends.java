package dev.apogee.client.producer;

import dev.apogee.client.MQBrokerException;
import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.UniqueKeyGenerator;
import dev.apogee.remoting.netty.AnsweredSlot;
import dev.apogee.remoting.netty.DeferredCommand;
import dev.apogee.remoting.netty.RequestSlot;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.body.MessageQueue;
import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A producer's coalesced sends, oneway ({@link Producer#sendOnewayCoalesced}) and answered
 * ({@link Producer#sendAsyncCoalesced}). Each queue has a lane holding at most one open batch: a request already
 * queued on the connection but not yet built. A send joins the open batch of its lane when it can (same kind, same
 * WAIT flag, same connection, room left), else queues a new one, which becomes the open batch; the connection builds
 * a batch when its turn to be written comes ({@link DeferredCommand}), closing it. So a lone send goes out as soon as
 * the connection can write it (as a plain SEND_MESSAGE_V2), and sends made while the connection is busy share one
 * SEND_BATCH_MESSAGE request: the client encodes one header instead of one per message, the broker handles one
 * request (one store append, one group-commit wait) and answers once, with no timer and no added latency. Measured
 * with 1 KiB bodies (see the JMS benchmark's non-persistent and async-send rows).
 *
 * <p>Answered batches: the request's response answers every message it carried; each message's future gets its own
 * {@link SendResult} (its UNIQ_KEY, its offset message id, the batch's first queue offset plus its position), or the
 * batch's failure. There are no retries: a retry would be stored after the sends behind it.
 *
 * <p>Order: a batch takes its place among the connection's writes when it is queued, and only messages sent after it
 * join it (a new batch of the lane replaces the open one), so one thread's coalesced sends to a queue arrive in order,
 * whatever their kind. Any other send of the producer {@link #seal seals} all open batches first (they are then built
 * from what they hold), so it cannot overtake coalesced sends made before it. A batch is also closed at
 * {@value #MAX_MESSAGES} messages or {@value #MAX_BYTES} bytes of bodies, which bounds a request and what a lane holds.
 *
 * <p>Threads: sending threads and the event loop building a batch share a lane under its monitor (held for a list
 * add or for queueing a request, never while waiting); the slot's permit, which may wait, is taken before it, and
 * the event loop is woken for a new batch only after it is released (else the event loop, woken at once on another
 * core, blocks on the monitor the sender still holds: a park and an unpark per lone send). An answered batch's
 * response is handled on the remoting callback executor.
 */
final class CoalescedSends {
    static final int MAX_MESSAGES = 64;
    static final int MAX_BYTES = 256 * 1024;

    private final Producer producer;
    private final ConcurrentHashMap<MessageQueue, Lane> lanes = new ConcurrentHashMap<>();
    /** Advanced by every other send of the producer: a batch of an older generation takes no more messages. */
    private final AtomicLong generation = new AtomicLong();
    /** Skips the seal's atomic increment for producers that never coalesced. */
    private volatile boolean used;
    /** Requests built and the messages they carried, for {@link Producer#coalescedSendStats}. */
    private final LongAdder requestsBuilt = new LongAdder();
    private final LongAdder messagesCarried = new LongAdder();

    CoalescedSends(Producer producer) {
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
    void sendOneway(Message message, MessageQueue queue, String address)
            throws MQClientException, InterruptedException {
        RequestSlot slot = producer.running().rpc().reserveOneway(address, producer.config().getSendTimeoutMillis());
        lane(queue).send(message, slot, null, address);
    }

    /**
     * Sends a validated, batchable {@code message} (carrying its UNIQ_KEY) to {@code queue} at {@code address}; the
     * future completes on a remoting callback thread when the broker answered the request that carried it.
     */
    CompletableFuture<SendResult> sendAnswered(Message message, MessageQueue queue, String address)
            throws MQClientException, InterruptedException {
        AnsweredSlot slot = producer.running().rpc().reserveAnswered(address,
                producer.config().getSendTimeoutMillis());
        CompletableFuture<SendResult> result = new CompletableFuture<>();
        lane(queue).send(message, slot, result, address);
        return result;
    }

    private Lane lane(MessageQueue queue) {
        if (!used) {
            used = true;
        }
        Lane lane = lanes.get(queue);
        return lane != null ? lane : lanes.computeIfAbsent(queue, Lane::new);
    }

    CoalescedSendStats stats() {
        return new CoalescedSendStats(requestsBuilt.sum(), messagesCarried.sum());
    }

    /** Closes every open batch to further messages (called before any other send of the producer). */
    void seal() {
        if (used) {
            generation.incrementAndGet();
        }
    }

    /** One queue's coalesced sends. */
    private final class Lane {
        private final MessageQueue queue;
        /** The batch queued on the connection and not yet built, if any; guarded by this lane. */
        private Batch open;

        Lane(MessageQueue queue) {
            this.queue = queue;
        }

        /** {@code result}: the message's answer for an answered send ({@code slot} an AnsweredSlot), else null. */
        void send(Message message, RequestSlot slot, CompletableFuture<SendResult> result, String address) {
            int size = message.getBodyLength();
            long currentGeneration = generation.get();
            boolean startDrain;
            synchronized (this) {
                Batch batch = open;
                if (batch != null && batch.accepts(slot.channel(), currentGeneration, message, result != null, size)) {
                    batch.add(message, result, size);
                    slot.cancel();
                    return;
                }
                batch = new Batch(this, slot.channel(), currentGeneration, message.isWaitStoreMsgOK(),
                        result == null ? null : new ArrayList<>(4));
                batch.add(message, result, size);
                if (slot instanceof AnsweredSlot answered) {
                    Batch sent = batch;
                    answered.result().whenComplete((response, error) -> sent.answered(address, response, error));
                }
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
        private final boolean waitStore;
        /** When it was queued (producer clock, ms): an answered batch's latency, for the fault tolerance table. */
        private final long queuedAt = producer.clock().getAsLong();
        /** Guarded by the lane until {@link Lane#close}; then read by the event loop and the response's thread. */
        private final List<Message> messages = new ArrayList<>(4);
        /** The messages' answers, in the same order; null for a oneway batch. */
        private final List<CompletableFuture<SendResult>> results;
        private int bytes;
        /** Set (under the lane's monitor) when it is built: it takes no more messages. */
        private boolean closed;

        Batch(Lane lane, Channel channel, long generation, boolean waitStore,
                List<CompletableFuture<SendResult>> results) {
            this.lane = lane;
            this.channel = channel;
            this.generation = generation;
            this.waitStore = waitStore;
            this.results = results;
        }

        boolean accepts(Channel on, long currentGeneration, Message message, boolean answered, int size) {
            return channel == on && generation == currentGeneration && (results != null) == answered
                    && waitStore == message.isWaitStoreMsgOK() && messages.size() < MAX_MESSAGES
                    && bytes + size <= MAX_BYTES;
        }

        void add(Message message, CompletableFuture<SendResult> result, int size) {
            messages.add(message);
            if (results != null) {
                results.add(result);
            }
            bytes += size;
        }

        @Override
        public RemotingCommand build() {
            List<Message> taken = lane.close(this);
            requestsBuilt.increment();
            messagesCarried.add(taken.size());
            SendCodec.SendTarget target = new SendCodec.SendTarget(producer.config().getGroup(), lane.queue, 0,
                    producer.clock().getAsLong(), producer.config().getDefaultTopicQueueNums());
            if (taken.size() == 1) {
                Message only = taken.get(0);
                return SendCodec.single(target, only); // its body written into the frame
            }
            return SendCodec.batch(target, taken, UniqueKeyGenerator.next());
        }

        /** The broker's answer to this (answered) batch: every message it carried gets its result. */
        void answered(String address, RemotingCommand response, Throwable error) {
            MessageQueue queue = lane.queue;
            long latency = producer.clock().getAsLong() - queuedAt;
            try {
                if (error != null) {
                    throw Rpc.failure(address, error);
                }
                SendResult batch = SendCodec.result(response, address, queue, null);
                producer.recordLatency(queue.brokerName(), latency, false);
                String[] offsetIds = batch.offsetMsgId() == null ? new String[0] : batch.offsetMsgId().split(",");
                for (int i = 0; i < messages.size(); i++) {
                    Message m = messages.get(i);
                    results.get(i).complete(new SendResult(batch.status(), m.getProperty(MessageConst.UNIQ_KEY),
                            offsetIds.length == messages.size() ? offsetIds[i] : null, batch.messageQueue(),
                            batch.queueOffset() + i, null, batch.regionId(), batch.orderedBroker()));
                }
            } catch (MQClientException e) {
                boolean retryable = Producer.isRetryable(e);
                producer.recordLatency(queue.brokerName(), latency, retryable);
                if (!(e instanceof MQBrokerException)) {
                    try {
                        producer.running().routeRefresh().refreshSoon(queue.topic());
                    } catch (MQClientException stopped) {
                        // shutting down: nothing to refresh
                    }
                }
                results.forEach(r -> r.completeExceptionally(e));
            } catch (RuntimeException e) { // a bug here must not leave a sender waiting forever
                results.forEach(r -> r.completeExceptionally(e));
            }
        }
    }
}
