package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.TransactedPopAcks;
import dev.apogee.broker.pull.QueueSuspension;
import dev.apogee.broker.send.MessageRedirect;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.transaction.TransactionDecisions;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.store.MessageStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The branch feature as the broker wires it: the six BRANCH_* processors, the send wrapper that remembers who sent
 * a branch's halves, the pull suspension rule and the reaper. {@link #start()} replays the branch log (after the
 * store has started and the POP state is restored, before the server accepts requests and the POP expiry thread
 * runs), holds the popped messages of prepared branches again, finishes branches decided but not done, then starts
 * the reaper.
 */
public final class Branches {
    private static final Logger LOG = LoggerFactory.getLogger(Branches.class);
    /** Covers a persist whose snapshot was taken a little before the file was written. */
    private static final long ACK_MARGIN_MILLIS = 10_000;

    private final BranchLog log;
    private final BranchTable table = new BranchTable();
    private final OpenBranches open = new OpenBranches();
    private final HalfLookup halves;
    private final BranchCoordinator coordinator;
    private final BranchReaper reaper;
    private final LongSupplier clock;
    private final Path offsetFile;
    private final Materializer materializer;
    private final HalfTargets targets;
    private final InetSocketAddress storeHost;
    private final MessageRedirect redirect;
    private final TransactedPopAcks popAcks;

    /**
     * @param offsetFile the offset table's file: acks of branches committed since it was last written are applied
     *     again at start (they may not have reached it before a crash)
     * @param topics and {@code brokerPermission}: what the messages of a BRANCH_COMMIT_LOCAL are checked against
     * @param popAcks the POP state's side of pop acks; its state must be restored before {@link #start()}
     */
    public Branches(long branchTimeoutMillis, MessageStore store, TransactionDecisions decisions,
            ConsumerOffsetTable offsets, Path offsetFile, MessageRedirect redirect, InetSocketAddress storeHost,
            LongSupplier clock, TopicConfigTable topics, IntSupplier brokerPermission, TransactedPopAcks popAcks) {
        this.clock = clock;
        this.popAcks = popAcks;
        this.storeHost = storeHost;
        this.redirect = redirect;
        this.targets = new HalfTargets(topics, brokerPermission);
        this.offsetFile = offsetFile;
        this.log = new BranchLog(store, storeHost, clock);
        this.halves = new HalfLookup(store, decisions);
        this.materializer = new Materializer(store, halves, decisions, offsets, redirect, popAcks);
        this.coordinator = new BranchCoordinator(log, table, halves, materializer, open, popAcks, clock);
        this.reaper = new BranchReaper(store, decisions, offsets, table, open, coordinator, branchTimeoutMillis,
                clock);
    }

    public void start() {
        long t0 = System.nanoTime();
        long records = log.replay(new BranchReplay(table, clock.getAsLong())::apply);
        table.prepared().forEach(b -> popAcks.holdAgain(b.id(), b.body().popAcks()));
        long reapplied = reapplyRecentAcks();
        List<Branch> unfinished = table.unfinished();
        unfinished.forEach(coordinator::finishAfterRestart);
        LOG.info("branch log replayed: {} records, {} branches known, {} prepared, {} finished after restart, "
                + "acks of {} re-applied, in {} ms", records, table.size(), table.preparedIds().size(),
                unfinished.size(), reapplied, (System.nanoTime() - t0) / 1_000_000);
        reaper.start();
    }

    /**
     * Offsets are persisted periodically, not per commit: the acks of branches committed less than a margin before
     * the offset file was last written (or after) are applied again (forward only, so at worst a no-op).
     */
    private long reapplyRecentAcks() {
        long since;
        try {
            since = Files.exists(offsetFile) ? Files.getLastModifiedTime(offsetFile).toMillis() - ACK_MARGIN_MILLIS
                    : Long.MIN_VALUE;
        } catch (IOException e) {
            since = Long.MIN_VALUE;
        }
        long count = 0;
        for (Branch branch : table.committedSince(since)) {
            materializer.applyAcks(branch);
            count++;
        }
        return count;
    }

    public void shutdown() {
        reaper.shutdown();
    }

    /** Wraps the SEND_MESSAGE / SEND_MESSAGE_V2 processor to remember the senders of branch halves. */
    public RequestProcessor trackSends(RequestProcessor send) {
        return new BranchSendTracker(send, open);
    }

    public QueueSuspension suspension() {
        return table;
    }

    public RequestProcessor prepareProcessor() {
        return new BranchPrepareProcessor(coordinator);
    }

    public RequestProcessor commitProcessor() {
        return new BranchCommitProcessor(coordinator);
    }

    public RequestProcessor rollbackProcessor() {
        return new BranchRollbackProcessor(coordinator, halves);
    }

    public RequestProcessor recoverProcessor() {
        return new BranchRecoverProcessor(table);
    }

    public RequestProcessor localCommitProcessor() {
        return new BranchLocalCommitProcessor(coordinator, targets, storeHost, clock, redirect);
    }

    public RequestProcessor forgetProcessor() {
        return new BranchForgetProcessor(coordinator);
    }
}
