package dev.apogee.broker.pull;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.longpolling.HeldPull;
import dev.apogee.broker.longpolling.LongPollingHold;
import dev.apogee.broker.metrics.DeliveryMeters;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.stats.BrokerStats;
import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.GetResult;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.LongSupplier;

/**
 * PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361): checks, optional offset commit, a read from the store with broker
 * side filtering, and — when nothing is there and the client allows it — a hold in {@link LongPollingHold} until a
 * message arrives. Runs on the pull executor, or on the connection's event loop for a cheap pull (no property
 * filter, near the queue's end: {@link #processesOnEventLoop}); released held pulls without a property filter are
 * re-run on their connection's event loop ({@link #resume}).
 */
public final class PullMessageProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(PullMessageProcessor.class);
    /** Response extension field: messages below this queue offset were handed out to the group before. */
    public static final String REDELIVERED_BELOW = "redeliveredBelow";
    private static final long SUSPENDED_HOLD_MILLIS = 1_000;
    /** Consume-queue entries behind the queue's end a pull may start at and still run on the event loop. */
    static final long EVENT_LOOP_MAX_LAG = 64;

    private final BrokerConfig config;
    private final MessageStore store;
    private final ConsumerOffsetTable offsets;
    private final PullChecks checks;
    private final LongSupplier clock;
    private LongPollingHold hold;
    private ExecutorService executor;
    private volatile QueueSuspension suspension = QueueSuspension.NONE;
    /** Counts the messages handed to each group (mqadmin statsAll's OutTPS); set once before the server starts. */
    private volatile BrokerStats stats;
    /** Pulled messages counted per topic and group (rocketmq_messages_out_total); set once at broker start. */
    private volatile DeliveryMeters deliveries = DeliveryMeters.NONE;

    public PullMessageProcessor(BrokerConfig config, MessageStore store, ConsumerOffsetTable offsets,
            PullChecks checks, LongSupplier clock) {
        this.config = config;
        this.store = store;
        this.offsets = offsets;
        this.checks = checks;
        this.clock = clock;
    }

    /** Wires the hold and the executor held pulls are resumed on (both are created after the processor). */
    public void bind(LongPollingHold hold, ExecutorService executor) {
        this.hold = hold;
        this.executor = executor;
    }

    /** Counts every message a pull hands out in {@code stats}. */
    public void countDeliveriesIn(BrokerStats stats) {
        this.stats = stats;
    }

    /** Counts what pulls hand out from now on (metrics). */
    public void deliveryMeters(DeliveryMeters meters) {
        this.deliveries = meters;
    }

    /** Installs the rule that makes a group's pulls on a queue return nothing (in-doubt transaction branches). */
    public void suspension(QueueSuspension suspension) {
        this.suspension = suspension;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        return pull(channel, request, true);
    }

    /**
     * Most pulls of a consumer that keeps up read the newest records of their queue or find none and are held:
     * those run on the connection's event loop (as a resumed held pull does, see {@link #resume}), sparing the hand-off
     * to the pull executor and back. A pull with a property filter, one starting more than
     * {@value #EVENT_LOOP_MAX_LAG} entries behind the queue's end (its records may have to come from the disk), or the
     * first pull of a group the broker does not know yet (auto-creating it writes a file) goes to the executor.
     */
    @Override
    public boolean processesOnEventLoop(Channel channel, RemotingCommand request) {
        PullRequestHeader header = PullRequestHeader.decode(request);
        if (!checks.knowsGroup(header.consumerGroup())) {
            return false; // the check would auto-create it, which writes the group table to disk
        }
        MessageFilter filter;
        try {
            filter = checks.check(header);
        } catch (RemotingCommandException e) {
            return true; // refused: the answer is cheap
        }
        return (filter == MessageFilter.ALL || filter instanceof TagFilter)
                && store.getMaxOffsetInQueue(header.topic(), header.queueId()) - header.queueOffset()
                        <= EVENT_LOOP_MAX_LAG;
    }

    /**
     * Re-runs a released held pull and answers it. Called by the hold (dispatch or hold thread). Without a property
     * filter the re-run goes to the event loop of the pull's connection rather than the pull executor: it reads only
     * what was just dispatched (page-cache hot, a few microseconds, tag filters look at the consume queue only), and
     * its response is then written by the thread that owns the connection, which saves a thread hand-off on the path
     * of every long-polled message. A property (SQL92/JMS selector) filter reads and evaluates each stored record
     * it scans, which can take long enough to stall the connection's other traffic: those stay on the executor.
     */
    public void resume(HeldPull pull) {
        Channel channel = pull.channel();
        boolean cheap = pull.filter() == MessageFilter.ALL || pull.filter() instanceof TagFilter;
        Executor runOn = cheap && channel != null && channel.isActive() ? channel.eventLoop() : executor;
        try {
            runOn.execute(() -> RemotingResponder.respond(pull.channel(), pull.request(), resumed(pull)));
        } catch (RejectedExecutionException e) {
            RemotingResponder.respond(pull.channel(), pull.request(), RemotingCommand.createResponse(
                    pull.request(), ResponseCode.SYSTEM_BUSY, "[OVERLOAD]system busy, start flow control"));
        }
    }

    private RemotingCommand resumed(HeldPull pull) {
        try {
            return pull(pull.channel(), pull.request(), false);
        } catch (RemotingCommandException e) {
            return RemotingCommand.createResponse(pull.request(), e.responseCode(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("re-running a held pull of {}:{} failed", pull.topic(), pull.queueId(), e);
            return RemotingCommand.createResponse(pull.request(), ResponseCode.SYSTEM_ERROR, e.toString());
        }
    }

    /** @param mayHold true when the request arrives; false when a held pull is re-run after its wake-up */
    private RemotingCommand pull(Channel channel, RemotingCommand request, boolean mayHold) {
        PullRequestHeader header = PullRequestHeader.decode(request);
        MessageFilter filter = checks.check(header);
        // the piggy-backed offset is committed when the pull arrives, never when a held pull is re-run: by then the
        // queue may have a new owner (or this consumer a later offset) whose commit the stale value would move back
        // (RocketMQ's broker stores it only on the first run too)
        if (mayHold && header.commitOffsetRequested() && config.getBrokerId() == 0) {
            offsets.commit(header.consumerGroup(), header.topic(), header.queueId(), header.commitOffset());
        }
        if (suspension.isSuspended(header.consumerGroup(), header.topic(), header.queueId())) {
            return suspended(channel, request, header, filter, mayHold);
        }
        int maxBytes = header.maxMsgBytes() <= 0 ? Integer.MAX_VALUE : header.maxMsgBytes();
        GetResult result = store.getMessages(header.topic(), header.queueId(), header.queueOffset(),
                Math.max(1, header.maxMsgNums()), maxBytes, filter);
        int code = PullStatusMapping.code(result.status(), header.queueOffset());
        if (code == ResponseCode.PULL_NOT_FOUND && mayHold && header.suspendAllowed()) {
            long wait = config.isLongPollingEnable() ? header.suspendTimeoutMillis() : config.getShortPollingTimeMills();
            HeldPull held = new HeldPull(channel, request, header.topic(), header.queueId(), header.queueOffset(),
                    clock.getAsLong() + wait, filter);
            hold.suspend(held, () -> store.getMaxOffsetInQueue(header.topic(), header.queueId()));
            return null;
        }
        RemotingCommand response = response(request, result, code);
        if (code == ResponseCode.SUCCESS && (channel == null || channel.isActive())) {
            // a held pull of a consumer that has gone meanwhile hands nothing out
            markRedelivered(response, header, result.nextBeginOffset());
            BrokerStats counted = stats;
            if (counted != null) {
                counted.delivered(header.topic(), header.consumerGroup(), result.messages().size());
            }
            deliveries.delivered(header.topic(), header.consumerGroup(), result.messageCount(), result.totalBytes());
        }
        return response;
    }

    /**
     * Tells the client which of these messages the group was handed before ({@code redeliveredBelow}: offsets
     * below it), so a consumer taking over after a close or crash reports them redelivered. An extension field:
     * the official client ignores it, and an Apache broker never sends it.
     */
    private void markRedelivered(RemotingCommand response, PullRequestHeader header, long nextBeginOffset) {
        long before = offsets.delivered().advance(header.consumerGroup(), header.topic(), header.queueId(),
                nextBeginOffset);
        if (before > header.queueOffset()) {
            response.putExtField(REDELIVERED_BELOW, String.valueOf(before));
        }
    }

    /**
     * A pull on a queue an in-doubt branch holds an ack for: nothing new, same offset. Held for at most a second
     * when the client allows it, so that the consumer neither spins nor waits a whole long-poll after the decision.
     */
    private RemotingCommand suspended(Channel channel, RemotingCommand request, PullRequestHeader header,
            MessageFilter filter, boolean mayHold) {
        if (mayHold && header.suspendAllowed()) {
            long wait = Math.min(SUSPENDED_HOLD_MILLIS, header.suspendTimeoutMillis());
            hold.suspend(new HeldPull(channel, request, header.topic(), header.queueId(), header.queueOffset(),
                    clock.getAsLong() + wait, filter), () -> header.queueOffset());
            return null;
        }
        RemotingCommand response = RemotingCommand.createResponse(request, ResponseCode.PULL_NOT_FOUND,
                "in-doubt transaction branch holds this queue for the group");
        response.putExtField("suggestWhichBrokerId", "0");
        response.putExtField("nextBeginOffset", String.valueOf(header.queueOffset()));
        response.putExtField("minOffset", String.valueOf(store.getMinOffsetInQueue(header.topic(), header.queueId())));
        response.putExtField("maxOffset", String.valueOf(store.getMaxOffsetInQueue(header.topic(), header.queueId())));
        return response;
    }

    private static RemotingCommand response(RemotingCommand request, GetResult result, int code) {
        RemotingCommand response = RemotingCommand.createResponse(request, code, result.status().name());
        response.putExtField("suggestWhichBrokerId", "0");
        response.putExtField("nextBeginOffset", String.valueOf(result.nextBeginOffset()));
        response.putExtField("minOffset", String.valueOf(result.minOffset()));
        response.putExtField("maxOffset", String.valueOf(result.maxOffset()));
        if (code == ResponseCode.SUCCESS) {
            List<ByteBuffer> messages = result.messages();
            response.bodyBuffers(messages.toArray(new ByteBuffer[0]));
        }
        return response;
    }
}
