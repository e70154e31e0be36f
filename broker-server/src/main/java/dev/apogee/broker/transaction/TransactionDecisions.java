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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
        if (id != null && !decided.tryDecide(id, half.queueOffset())) {
            return CompletableFuture.completedFuture(null);
        }
        return commit ? commit(half, routing) : rollback(half);
    }

    /**
     * Commits several halves (a branch's) with few appends instead of two per half: the real messages go in one
     * append per destination queue, in the given order within each queue (at most {@link #MAX_APPEND_BODY_BYTES}
     * of bodies per append), then op records naming up to {@link #MAX_HALVES_PER_OP} halves each, in one append.
     * Reals before ops, as for a single half: a crash in between leaves real messages whose halves look undecided,
     * which the branch's restart check ({@code alreadyStored}) recognises. Halves already decided are skipped.
     * Completes with the first failed put (the rest is not attempted), or with null once everything is stored.
     * The appends are left unpublished ({@link MessageStore#putMessageUnpublished}): the caller's next put, a
     * branch's DONE record, makes them readable with one write instead of one per append.
     */
    public CompletableFuture<PutResult> commitAll(List<StoredMessage> halves, Consumer<MessageToStore> routing) {
        Map<String, List<MessageToStore>> realsByQueue = new LinkedHashMap<>();
        List<StoredMessage> committed = new ArrayList<>(halves.size());
        for (StoredMessage half : halves) {
            String id = transactionId(half);
            if (id != null && !decided.tryDecide(id, half.queueOffset())) {
                continue;
            }
            MessageToStore real = committedCopy(half, routing);
            realsByQueue.computeIfAbsent(real.queueId() + "@" + real.topic(), k -> new ArrayList<>()).add(real);
            committed.add(half);
        }
        List<List<MessageToStore>> appends = new ArrayList<>();
        realsByQueue.values().forEach(reals -> appends.addAll(chunks(reals)));
        List<MessageToStore> ops = new ArrayList<>();
        for (int from = 0; from < committed.size(); from += MAX_HALVES_PER_OP) {
            ops.add(doneRecord(committed.subList(from, Math.min(committed.size(), from + MAX_HALVES_PER_OP))));
        }
        appends.addAll(chunks(ops));
        CompletableFuture<PutResult> chain = CompletableFuture.completedFuture(null);
        for (List<MessageToStore> batch : appends) {
            chain = chain.thenCompose(failed -> failed != null ? CompletableFuture.completedFuture(failed)
                    : store.putMessagesUnpublished(batch).thenApply(put -> put.isOk() ? null : put));
        }
        return chain;
    }

    /** Bounds one append of {@link #commitAll} (the store refuses a batch larger than a commit-log file). */
    static final int MAX_APPEND_BODY_BYTES = 4 << 20;
    /** Bounds one op record of {@link #commitAll} (about 45 bytes per half). */
    static final int MAX_HALVES_PER_OP = 1024;

    private static List<List<MessageToStore>> chunks(List<MessageToStore> messages) {
        List<List<MessageToStore>> chunks = new ArrayList<>();
        List<MessageToStore> current = new ArrayList<>();
        long bytes = 0;
        for (MessageToStore m : messages) {
            int size = m.body() == null ? 0 : m.body().remaining();
            if (!current.isEmpty() && bytes + size > MAX_APPEND_BODY_BYTES) {
                chunks.add(current);
                current = new ArrayList<>();
                bytes = 0;
            }
            current.add(m);
            bytes += size;
        }
        if (!current.isEmpty()) {
            chunks.add(current);
        }
        return chunks;
    }

    /** One half message an op record names as decided. */
    public record DecidedHalf(long halfQueueOffset, String transactionId) {
    }

    /**
     * The half messages an op record names: its body is {@code <half queue offset>\n<transaction id>}, repeated
     * for each half it covers (one for a single decision, many for {@link #commitAll}); one without an id is skipped.
     */
    public static List<DecidedHalf> decidedHalves(byte[] opBody) {
        String[] lines = new String(opBody, StandardCharsets.UTF_8).split("\n");
        List<DecidedHalf> halves = new ArrayList<>(lines.length / 2);
        for (int i = 1; i < lines.length; i += 2) {
            if (!lines[i].isEmpty()) {
                halves.add(new DecidedHalf(parseOffset(lines[i - 1]), lines[i]));
            }
        }
        return halves;
    }

    /** The transaction ids of {@link #decidedHalves}. */
    public static List<String> decidedIds(byte[] opBody) {
        return decidedHalves(opBody).stream().map(DecidedHalf::transactionId).toList();
    }

    /** An unreadable offset (not written by this broker) keeps the decision until a restart: never forgotten early. */
    private static long parseOffset(String line) {
        try {
            return Long.parseLong(line.trim());
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE - 1;
        }
    }

    /** Whether the half message with this transaction id was committed or rolled back (as far as known now). */
    public boolean isDecided(String transactionId) {
        return decided.isDecided(transactionId);
    }

    /** Stores the committed message, then the op record; completes with the commit's put result. */
    private CompletableFuture<PutResult> commit(StoredMessage half, Consumer<MessageToStore> routing) {
        return store.putMessage(committedCopy(half, routing)).thenCompose(result -> result.isOk()
                ? markDone(half).thenApply(op -> result)
                : CompletableFuture.completedFuture(result));
    }

    /** The real message a committed half becomes (commit type, pointing back at the half record). */
    private MessageToStore committedCopy(StoredMessage half, Consumer<MessageToStore> routing) {
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
        return real;
    }

    private CompletableFuture<PutResult> rollback(StoredMessage half) {
        return markDone(half);
    }

    /** Writes the op record ({@code <half queue offset>\n<transaction id>}) saying the transaction is decided. */
    public CompletableFuture<PutResult> markDone(StoredMessage half) {
        return store.putMessage(doneRecord(List.of(half)));
    }

    /** One op record for {@code halves} (see {@link #decidedIds}). */
    private MessageToStore doneRecord(List<StoredMessage> halves) {
        StringBuilder body = new StringBuilder(halves.size() * 48);
        for (StoredMessage half : halves) {
            String id = transactionId(half);
            if (body.length() > 0) {
                body.append('\n');
            }
            body.append(half.queueOffset()).append('\n').append(id == null ? "" : id);
        }
        return new MessageToStore()
                .topic(TopicValidator.TRANS_OP_HALF_TOPIC)
                .queueId(0)
                .body(body.toString().getBytes(StandardCharsets.UTF_8))
                .properties(MessageProperties.TAGS + PropertiesCodec.NAME_VALUE_SEPARATOR + OP_TAG_DONE
                        + PropertiesCodec.PROPERTY_SEPARATOR + MessageProperties.WAIT
                        + PropertiesCodec.NAME_VALUE_SEPARATOR + "false" + PropertiesCodec.PROPERTY_SEPARATOR)
                .bornTimestamp(System.currentTimeMillis())
                .bornHost(storeHost)
                .storeHost(storeHost);
    }
}
