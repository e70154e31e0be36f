package dev.apogee.broker.transaction;

import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.record.PropertiesCodec;
import dev.apogee.store.record.SysFlag;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Carries out a transaction decision on one half message. Commit: the real message is stored in its real topic and
 * queue (commit type, pointing back at the half record), then an op record marks the half message done. Rollback:
 * only the op record. The op record, in {@code RMQ_SYS_TRANS_OP_HALF_TOPIC}, is what a restarted broker's check service
 * reads to learn which transactions were decided. A transaction is decided once ({@link DecidedTransactions}), so a
 * late second answer never commits twice. Thread-safe.
 */
public final class TransactionDecisions {
    static final String OP_TAG_DONE = "d";

    private final MessageStore store;
    private final InetSocketAddress storeHost;
    private final DecidedTransactions decided;

    TransactionDecisions(MessageStore store, InetSocketAddress storeHost, DecidedTransactions decided) {
        this.store = store;
        this.storeHost = storeHost;
        this.decided = decided;
    }

    /** The id that identifies a transaction across re-put copies of its half message. */
    public static String transactionId(StoredMessage half) {
        String id = half.property(HalfMessages.TRANSACTION_ID);
        return id != null ? id : half.property(MessageProperties.UNIQ_KEY);
    }

    /** {@link #transactionId(StoredMessage)} from a half's encoded properties (no decoding of the whole record). */
    public static String transactionId(String encodedProperties) {
        String id = PropertiesCodec.get(encodedProperties, HalfMessages.TRANSACTION_ID);
        return id != null ? id : PropertiesCodec.get(encodedProperties, MessageProperties.UNIQ_KEY);
    }

    /** Applies {@code decision} (commit or rollback) unless the transaction was already decided. */
    public CompletableFuture<PutResult> decide(StoredMessage half, boolean commit) {
        return decide(half, commit, real -> { });
    }

    /**
     * As {@link #decide(StoredMessage, boolean)}; {@code routing} may rewrite the committed message before it is
     * stored (a branch's delayed sends go to the schedule or timer topic). Completes with null when already decided.
     */
    public CompletableFuture<PutResult> decide(StoredMessage half, boolean commit, Consumer<MessageToStore> routing) {
        String id = transactionId(half);
        if (id != null && !decided.tryDecide(id)) {
            return CompletableFuture.completedFuture(null);
        }
        return commit ? commit(half, routing) : rollback(half);
    }

    /** Whether the half message with this transaction id was committed or rolled back (as far as known now). */
    public boolean isDecided(String transactionId) {
        return decided.isDecided(transactionId);
    }

    /** Stores the committed message, then the op record; completes with the commit's put result. */
    private CompletableFuture<PutResult> commit(StoredMessage half, Consumer<MessageToStore> routing) {
        Map<String, String> properties = new LinkedHashMap<>(half.properties());
        String realTopic = properties.remove(MessageProperties.REAL_TOPIC);
        String realQueue = properties.remove(MessageProperties.REAL_QID);
        properties.remove(HalfMessages.TRANSACTION_CHECK_TIMES);
        properties.remove(HalfMessages.BRANCH_ID); // marks a half only: the committed message is no branch's
        MessageToStore real = new MessageToStore()
                .topic(realTopic)
                .queueId(realQueue == null ? 0 : Integer.parseInt(realQueue))
                .flag(half.flag())
                .body(half.body())
                .properties(PropertiesCodec.encode(properties))
                .sysFlag((half.sysFlag() & ~SysFlag.TRANSACTION_MASK) | SysFlag.TRANSACTION_COMMIT_TYPE)
                .bornTimestamp(half.bornTimestamp())
                .bornHost(half.bornHost())
                .storeHost(storeHost)
                .reconsumeTimes(half.reconsumeTimes())
                .preparedTransactionOffset(half.physicalOffset());
        routing.accept(real);
        return store.putMessage(real).thenCompose(result -> result.isOk()
                ? markDone(half).thenApply(op -> result)
                : CompletableFuture.completedFuture(result));
    }

    private CompletableFuture<PutResult> rollback(StoredMessage half) {
        return markDone(half);
    }

    /** Writes the op record ({@code <half queue offset>\n<transaction id>}) saying the transaction is decided. */
    public CompletableFuture<PutResult> markDone(StoredMessage half) {
        String id = transactionId(half);
        MessageToStore op = new MessageToStore()
                .topic(TopicValidator.TRANS_OP_HALF_TOPIC)
                .queueId(0)
                .body((half.queueOffset() + "\n" + (id == null ? "" : id)).getBytes(StandardCharsets.UTF_8))
                .properties(MessageProperties.TAGS + PropertiesCodec.NAME_VALUE_SEPARATOR + OP_TAG_DONE
                        + PropertiesCodec.PROPERTY_SEPARATOR + MessageProperties.WAIT
                        + PropertiesCodec.NAME_VALUE_SEPARATOR + "false" + PropertiesCodec.PROPERTY_SEPARATOR)
                .bornTimestamp(System.currentTimeMillis())
                .bornHost(storeHost)
                .storeHost(storeHost);
        return store.putMessage(op);
    }
}
