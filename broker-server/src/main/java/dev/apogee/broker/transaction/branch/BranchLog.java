package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.store.GetResult;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.record.PropertiesCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * The branch log: {@link BranchRecord}s appended to the commit log in the system topic {@value #TOPIC} (queue 0),
 * the only durable state of the branch feature. A record counts only once it is on disk ({@link #appendDurably}),
 * whatever the flush mode, because a prepare or a decision is acknowledged to a transaction manager. At start the
 * whole queue is replayed in order ({@link #replay}). Thread-safe (the store serializes appends).
 */
final class BranchLog {
    static final String TOPIC = "APOGEE_SYS_BRANCH_LOG";
    private static final Logger LOG = LoggerFactory.getLogger(BranchLog.class);
    private static final int BATCH = 64;

    private final MessageStore store;
    private final InetSocketAddress storeHost;
    private final LongSupplier clock;

    BranchLog(MessageStore store, InetSocketAddress storeHost, LongSupplier clock) {
        this.store = store;
        this.storeHost = storeHost;
        this.clock = clock;
    }

    /**
     * Appends {@code record} and waits until it is flushed: PUT_OK only once it is on disk. Blocking, so that the
     * calling thread can force by itself when no group commit is running ({@link MessageStore#awaitDurable}).
     */
    PutResult appendDurably(BranchRecord record) {
        PutResult put = store.putMessageUnpublished(message(record)).join(); // the force below writes it
        return put.isOk() ? store.awaitDurable(put) : put;
    }

    /**
     * Appends {@code record} followed by {@code messages} as one atomic group ({@link MessageStore#putAtomicGroup}):
     * after a crash both are in the log or neither, and the messages reach consumers only once the group is durable,
     * which the caller waits for with {@link #awaitDurable}.
     */
    PutResult appendGroup(BranchRecord record, List<MessageToStore> messages) {
        return store.putAtomicGroup(message(record), messages);
    }

    /** Waits until {@code put} is on disk; PUT_OK only then. */
    PutResult awaitDurable(PutResult put) {
        return store.awaitDurable(put);
    }

    /** Appends {@code record} without waiting for the disk (DONE and FORGET: replaying without them is safe). */
    CompletableFuture<PutResult> append(BranchRecord record) {
        return store.putMessage(message(record));
    }

    /** Receives replayed records with the time they were stored. */
    interface ReplaySink {
        void accept(BranchRecord record, long storeTimestamp);
    }

    /** Feeds every stored record to {@code sink}, oldest first. Unreadable records are logged and skipped. */
    long replay(ReplaySink sink) {
        long next = store.getMinOffsetInQueue(TOPIC, 0);
        long count = 0;
        while (true) {
            GetResult result = store.getMessages(TOPIC, 0, next, BATCH, Integer.MAX_VALUE, MessageFilter.ALL);
            if (result.messageCount() == 0) {
                return count;
            }
            for (ByteBuffer buffer : result.messages()) {
                StoredMessage stored = StoredMessage.read(buffer);
                try {
                    sink.accept(BranchRecord.decode(stored.body()), stored.storeTimestamp());
                    count++;
                } catch (RuntimeException e) {
                    LOG.error("BRANCH-LOG-BAD skipping unreadable branch log record at commit-log offset {}: {}",
                            stored.physicalOffset(), e.toString());
                }
            }
            next = result.nextBeginOffset();
        }
    }

    private MessageToStore message(BranchRecord record) {
        return new MessageToStore()
                .topic(TOPIC)
                .queueId(0)
                .body(record.encode())
                // WAIT=false: with SYNC_FLUSH a put would otherwise wait for the group commit by itself, and a DONE
                // or FORGET record must not cost a flush; the durable records ask for theirs (appendDurably)
                .properties(MessageProperties.KEYS + PropertiesCodec.NAME_VALUE_SEPARATOR + record.branchId()
                        + PropertiesCodec.PROPERTY_SEPARATOR + MessageProperties.WAIT
                        + PropertiesCodec.NAME_VALUE_SEPARATOR + "false" + PropertiesCodec.PROPERTY_SEPARATOR)
                .bornTimestamp(clock.getAsLong())
                .bornHost(storeHost)
                .storeHost(storeHost);
    }

    static boolean isDurable(PutResult put) {
        return put != null && put.status() == PutStatus.PUT_OK;
    }
}
