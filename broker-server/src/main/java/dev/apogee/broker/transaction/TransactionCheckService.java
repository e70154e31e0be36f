package dev.apogee.broker.transaction;

import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.client.ProducerRegistry;
import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.OffsetMessageId;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.store.GetResult;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Resolves half messages their producers left undecided, on its own thread ({@code apogee-transaction-check}).
 * Every interval it reads new op records (decisions), then walks the half queue in order from its persisted
 * progress: decided ones are skipped; young ones (under the transaction timeout) end the round; one checked the
 * maximum number of times is discarded to {@code TRANS_CHECK_MAX_TIME_TOPIC} with a warning; one whose committed
 * copy a crash or power cut left without its op record ({@link CommittedCopies}) only gets its op record; any
 * other is re-put at the tail of the half queue with its check count + 1 and the producer group is asked (oneway
 * CHECK_TRANSACTION_STATE, to one live connection of the group) about the re-put copy.
 * Between those rounds, every {@value #ADVANCE_MILLIS} ms at most, it only moves its progress past decided halves
 * (stopping at the first undecided one), so that the decided transactions it and the branch reaper have read past
 * are forgotten within seconds ({@link DecidedTransactions#prune}).
 * Progress (half and op queue offsets) is kept in the consumer offset table under {@value #SYSTEM_GROUP}.
 */
public final class TransactionCheckService {
    static final String SYSTEM_GROUP = HalfMessages.CHECK_PROGRESS_GROUP;
    /** How often, at most, progress moves past decided halves between check rounds. */
    static final long ADVANCE_MILLIS = 1_000;
    private static final Logger LOG = LoggerFactory.getLogger(TransactionCheckService.class);
    private static final int BATCH = 64;

    private final TransactionConfig config;
    private final MessageStore store;
    private final ProducerRegistry producers;
    private final ConsumerOffsetTable offsets;
    private final DecidedTransactions decided;
    private final TransactionDecisions decisions;
    private final InetSocketAddress storeHost;
    private final LongSupplier clock;
    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("apogee-transaction-check", true));
    /** Used by the check thread only. */
    private final MessageRecordFlyweight flyweight = new MessageRecordFlyweight();
    private volatile NettyRemotingServer server;
    /** Check thread only: when the last round that checked back undecided halves started. */
    private long lastCheckRound;

    TransactionCheckService(TransactionConfig config, MessageStore store, ProducerRegistry producers,
            ConsumerOffsetTable offsets, DecidedTransactions decided, TransactionDecisions decisions,
            InetSocketAddress storeHost, LongSupplier clock) {
        this.config = config;
        this.store = store;
        this.producers = producers;
        this.offsets = offsets;
        this.decided = decided;
        this.decisions = decisions;
        this.storeHost = storeHost;
        this.clock = clock;
    }

    void start(NettyRemotingServer server) {
        this.server = server;
        long tick = Math.min(ADVANCE_MILLIS, config.checkIntervalMillis());
        thread.execute(() -> lastCheckRound = clock.getAsLong());
        thread.scheduleWithFixedDelay(this::tickSafely, tick, tick, TimeUnit.MILLISECONDS);
    }

    void shutdown() {
        thread.shutdownNow();
    }

    private void tickSafely() {
        try {
            readDecisions();
            boolean checkBack = clock.getAsLong() - lastCheckRound >= config.checkIntervalMillis();
            if (checkBack) {
                lastCheckRound = clock.getAsLong();
            }
            long checkedUpTo = readHalfQueue(checkBack);
            // the reaper keeps its progress each round (at most a second apart); before its first, it has read nothing
            long reapedUpTo = Math.max(0, offsets.query(HalfMessages.REAPER_PROGRESS_GROUP,
                    TopicValidator.TRANS_HALF_TOPIC, 0));
            decided.prune(Math.min(checkedUpTo, reapedUpTo), config.checkIntervalMillis());
        } catch (Throwable t) {
            LOG.error("transaction check round failed", t);
        }
    }

    private void readDecisions() {
        long next = position(TopicValidator.TRANS_OP_HALF_TOPIC);
        while (true) {
            GetResult result = store.getMessages(TopicValidator.TRANS_OP_HALF_TOPIC, 0, next, BATCH,
                    Integer.MAX_VALUE, MessageFilter.ALL);
            if (result.messageCount() == 0) {
                break;
            }
            for (ByteBuffer record : result.messages()) {
                for (TransactionDecisions.DecidedHalf half :
                        TransactionDecisions.decidedHalves(StoredMessage.read(record).body())) {
                    decided.tryDecide(half.transactionId(), half.halfQueueOffset());
                }
            }
            next = result.nextBeginOffset();
        }
        offsets.commit(SYSTEM_GROUP, TopicValidator.TRANS_OP_HALF_TOPIC, 0, next);
    }

    /**
     * Walks the half queue from the persisted progress past decided halves; the first undecided one is checked back
     * ({@code checkBack}, see {@link #resolve}) or ends the walk.
     *
     * @return the new progress: every half before it is decided or checked back
     */
    private long readHalfQueue(boolean checkBack) {
        long next = position(TopicValidator.TRANS_HALF_TOPIC);
        long end = store.getMaxOffsetInQueue(TopicValidator.TRANS_HALF_TOPIC, 0);
        while (next < end) {
            GetResult result = store.getMessages(TopicValidator.TRANS_HALF_TOPIC, 0, next, BATCH,
                    Integer.MAX_VALUE, MessageFilter.ALL);
            if (result.messageCount() == 0) {
                next = Math.max(next, result.nextBeginOffset());
                break;
            }
            for (ByteBuffer record : result.messages()) {
                String properties = flyweight.wrap(record, record.position()).properties();
                long queueOffset = flyweight.queueOffset();
                boolean skipped = PropertiesCodec.get(properties, HalfMessages.BRANCH_ID) != null
                        || isDecided(properties); // decided, or a branch's: nothing to check (see resolve)
                if (!skipped && !(checkBack && resolve(StoredMessage.read(record)))) {
                    offsets.commit(SYSTEM_GROUP, TopicValidator.TRANS_HALF_TOPIC, 0, queueOffset);
                    return queueOffset;
                }
                next = queueOffset + 1;
            }
        }
        offsets.commit(SYSTEM_GROUP, TopicValidator.TRANS_HALF_TOPIC, 0, next);
        return next;
    }

    private boolean isDecided(String properties) {
        String id = TransactionDecisions.transactionId(properties);
        return id == null || decided.isDecided(id);
    }

    /** @return false when the half message is too young and the round must stop here. */
    private boolean resolve(StoredMessage half) {
        String id = TransactionDecisions.transactionId(half);
        if (id == null || decided.isDecided(id) || half.property(HalfMessages.BRANCH_ID) != null) {
            return true; // a branch's halves are never checked back: the branch reaper or the branch decides them
        }
        if (clock.getAsLong() - half.storeTimestamp() < immunityMillis(half)) {
            return false;
        }
        if (CommittedCopies.exist(store, half)) {
            // committed before a crash or power cut that took the op record: record the decision, ask nobody
            LOG.info("transaction {} was committed before the restart; its op record is written again", id);
            decided.tryDecide(id, half.queueOffset());
            decisions.markDone(half).join();
            return true;
        }
        int checks = parseInt(half.property(HalfMessages.TRANSACTION_CHECK_TIMES));
        if (checks >= config.maxChecks()) {
            discard(half, id, checks);
            return true;
        }
        putBackAndCheck(half, checks + 1);
        return true;
    }

    private long immunityMillis(StoredMessage half) {
        int seconds = parseInt(half.property("CHECK_IMMUNITY_TIME_IN_SECONDS"));
        return seconds > 0 ? seconds * 1000L : config.timeoutMillis();
    }

    private void discard(StoredMessage half, String id, int checks) {
        LOG.warn("discarding half message {} of producer group {} after {} unanswered checks (moved to {})", id,
                half.property(MessageProperties.PGROUP), checks, TopicValidator.TRANS_CHECK_MAX_TIME_TOPIC);
        decided.tryDecide(id, half.queueOffset());
        store.putMessage(copy(half, TopicValidator.TRANS_CHECK_MAX_TIME_TOPIC, checks)).join();
        decisions.markDone(half).join();
    }

    private void putBackAndCheck(StoredMessage half, int checks) {
        PutResult put = store.putMessage(copy(half, TopicValidator.TRANS_HALF_TOPIC, checks)).join();
        if (!put.isOk()) {
            LOG.warn("re-putting half message for check failed: {}", put.status());
            return;
        }
        String id = TransactionDecisions.transactionId(half);
        decided.copied(id, put.queueOffset());
        if (decided.isDecided(id)) {
            return; // decided while the copy was stored: the copy will be skipped, nobody needs asking
        }
        Map<String, String> properties = new LinkedHashMap<>(half.properties());
        properties.put(HalfMessages.TRANSACTION_CHECK_TIMES, String.valueOf(checks));
        StoredMessage copy = new StoredMessage(half.topic(), 0, put.queueOffset(), put.wroteOffset(), half.flag(),
                half.sysFlag(), half.bornTimestamp(), half.bornHost(), put.storeTimestamp(), half.reconsumeTimes(),
                half.body(), properties);
        sendCheck(copy);
    }

    private void sendCheck(StoredMessage half) {
        String group = half.property(MessageProperties.PGROUP);
        Channel channel = group == null ? null : producers.anyActiveChannel(group);
        if (channel == null || server == null) {
            LOG.info("no live producer of group {} to check transaction {}", group,
                    TransactionDecisions.transactionId(half));
            return;
        }
        String offsetMsgId = OffsetMessageId.encode(storeHost, half.physicalOffset());
        RemotingCommand check = RemotingCommand.createRequest(RequestCode.CHECK_TRANSACTION_STATE)
                .putExtField("topic", TopicValidator.TRANS_HALF_TOPIC)
                .putExtField("commitLogOffset", String.valueOf(half.physicalOffset()))
                .putExtField("tranStateTableOffset", String.valueOf(half.queueOffset()))
                .putExtField("msgId", String.valueOf(half.property(MessageProperties.UNIQ_KEY)))
                .putExtField("transactionId", TransactionDecisions.transactionId(half))
                .putExtField("offsetMsgId", offsetMsgId)
                .body(CheckRequestBody.encode(half, storeHost));
        try {
            server.invokeOneway(channel, check, 3000);
        } catch (Exception e) {
            LOG.warn("sending a transaction check to producer group {} failed: {}", group, e.toString());
        }
    }

    private MessageToStore copy(StoredMessage half, String topic, int checks) {
        Map<String, String> properties = new LinkedHashMap<>(half.properties());
        properties.put(HalfMessages.TRANSACTION_CHECK_TIMES, String.valueOf(checks));
        return new MessageToStore().topic(topic).queueId(0).flag(half.flag()).body(half.body())
                .properties(PropertiesCodec.encode(properties)).sysFlag(half.sysFlag())
                .bornTimestamp(half.bornTimestamp()).bornHost(half.bornHost()).storeHost(storeHost)
                .reconsumeTimes(half.reconsumeTimes());
    }

    private long position(String topic) {
        long offset = offsets.query(SYSTEM_GROUP, topic, 0);
        return offset < 0 ? store.getMinOffsetInQueue(topic, 0) : offset;
    }

    private static int parseInt(String value) {
        try {
            return value == null ? 0 : Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
