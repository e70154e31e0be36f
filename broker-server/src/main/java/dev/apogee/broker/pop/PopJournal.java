package dev.apogee.broker.pop;

import dev.apogee.store.GetResult;
import dev.apogee.store.GetStatus;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.record.MessageRecordFlyweight;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * The POP state's write-ahead journal: each {@link PopEvent} is a record of the internal topic {@value #TOPIC}
 * (queue 0) in the CommitLog, so it shares the CommitLog's single writer and group commit. Under SYNC_FLUSH the
 * future of {@link #append} completes when the group commit's {@code FileChannel.force} (GroupCommitService) has
 * covered the record: an ack is answered only then. Since the CommitLog is forced as a prefix, an event durable
 * implies every earlier event durable, so replay never sees an ack without the pop it acks.
 *
 * <p>Called under the monitor of the ledger the event changes (append order = apply order per ledger). The
 * replay at start runs on the starting thread before any request is served.
 */
final class PopJournal {
    static final String TOPIC = "APOGEE_SYS_POP_JOURNAL";
    private static final Logger LOG = LoggerFactory.getLogger(PopJournal.class);
    private static final int REPLAY_BATCH = 256;

    private final MessageStore store;
    private final InetSocketAddress storeHost;

    PopJournal(MessageStore store, InetSocketAddress storeHost) {
        this.store = store;
        this.storeHost = storeHost;
    }

    /**
     * Appends {@code event}: the returned future completes with the put's result when it is durable (SYNC_FLUSH) or
     * appended (ASYNC_FLUSH), with the journal queue offset in {@link PutResult#queueOffset()}.
     *
     * @param durable false for events nobody waits on (pops: losing one only redelivers its messages sooner)
     */
    CompletableFuture<PutResult> append(PopEvent event, boolean durable) {
        MessageToStore m = message(event);
        if (!durable) {
            m.nobodyWaits();
        }
        return store.putMessage(m);
    }

    /**
     * {@code event} as a journal record for someone else to append: a member of a transaction branch's atomic group
     * ({@link TransactedPopAcks}), durable with the group.
     */
    MessageToStore message(PopEvent event) {
        return new MessageToStore(TOPIC, 0, event.encode()).storeHost(storeHost).bornHost(storeHost)
                .bornTimestamp(System.currentTimeMillis());
    }

    /** Completes when {@code appended} is on disk, whatever the flush mode (the store's flush or group commit). */
    CompletableFuture<PutResult> makeDurable(PutResult appended) {
        return store.makeDurable(appended);
    }

    /** The journal queue offset the next event will get. */
    long nextOffset() {
        return store.getMaxOffsetInQueue(TOPIC, 0);
    }

    /** Feeds every journaled event from queue offset {@code from} on to {@code sink}, with its journal offset. */
    long replay(long from, EventSink sink) {
        long offset = Math.max(from, store.getMinOffsetInQueue(TOPIC, 0));
        long replayed = 0;
        MessageRecordFlyweight record = new MessageRecordFlyweight();
        while (true) {
            GetResult batch = store.getMessages(TOPIC, 0, offset, REPLAY_BATCH, Integer.MAX_VALUE, MessageFilter.ALL);
            if (batch.status() != GetStatus.FOUND || batch.messages().isEmpty()) {
                break;
            }
            for (ByteBuffer b : batch.messages()) {
                record.wrap(b, b.position());
                try {
                    sink.accept(record.queueOffset(), PopEvent.decode(record.body()));
                    replayed++;
                } catch (RuntimeException e) {
                    LOG.error("POP-JOURNAL skipping an unreadable event at journal offset {}", record.queueOffset(), e);
                }
            }
            offset = batch.nextBeginOffset();
        }
        return replayed;
    }

    static boolean stored(PutResult r) {
        return r.status() == PutStatus.PUT_OK;
    }

    /** Receives replayed events. */
    @FunctionalInterface
    interface EventSink {
        void accept(long journalOffset, PopEvent event);
    }
}
