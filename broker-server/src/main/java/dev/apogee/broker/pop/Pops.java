package dev.apogee.broker.pop;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.metrics.DeliveryMeters;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pull.PullChecks;
import dev.apogee.broker.send.MessageRedirect;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.store.MessageStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * The POP consumption feature: builds its parts, restores the per-message state at start (snapshot, then the
 * journal written after it) and hands out its processors and the acks of transaction branches
 * ({@link #transactedAcks()}). {@link #restore()} then {@link #start()} run on the broker's starting thread before
 * requests are served, with the branch log's replay between them (it holds the messages of prepared branches before
 * the expiry thread could revive them); {@link #shutdown()} after the server stopped, writing a final snapshot.
 */
public final class Pops {
    private static final Logger LOG = LoggerFactory.getLogger(Pops.class);
    /** Held pops at most; past it a pop is answered POLLING_FULL. */
    static final int MAX_HELD_POPS = 10_000;
    static final long SNAPSHOT_MILLIS = 10_000;

    private final MessageStore store;
    private final PopLedgers ledgers = new PopLedgers();
    private final PopJournal journal;
    private final PopSnapshot snapshot;
    private final PopService service;
    private final PopLongPolling polling;
    private final PopExpiryService expiry;
    private final PopChecks checks;
    private final TransactedPopAcks transactedAcks;
    private final LongSupplier clock;

    /** Parameters of {@link Pops}. */
    public record Parts(BrokerConfig config, MessageStore store, TopicConfigTable topics,
                        SubscriptionGroupTable groups, ConsumerOffsetTable offsets, MessageRedirect redirect,
                        PullChecks.PropertyFilterFactory propertyFilters, InetSocketAddress storeHost,
                        Path stateDir, LongSupplier clock) {
    }

    public Pops(Parts p) {
        this.store = p.store();
        this.clock = p.clock();
        this.journal = new PopJournal(p.store(), p.storeHost());
        this.snapshot = new PopSnapshot(p.stateDir().resolve("popState.snapshot"));
        this.service = new PopService(p.store(), ledgers, journal, p.offsets(), p.clock());
        this.polling = new PopLongPolling(MAX_HELD_POPS, p.clock());
        this.expiry = new PopExpiryService(service, polling, new DeadLetters(p.store(), p.redirect(),
                p.storeHost()), p.groups(), p.topics(), snapshot, journal, p.clock(), SNAPSHOT_MILLIS);
        this.checks = new PopChecks(p.config(), p.topics(), p.groups(), p.propertyFilters());
        this.transactedAcks = new TransactedPopAcks(ledgers, service, journal, new PopAckChecks(
                p.config().getBrokerName(), p.topics(), p.groups(), p.store(), ledgers));
        p.store().addDispatchListener(polling);
    }

    /** Restores the state (snapshot + journal replay); {@link #start()} follows. */
    public void restore() throws IOException {
        long from = snapshot.load(ledgers);
        long replayed = journal.replay(from, (journalOffset, event) -> {
            if (event.isMark()) {
                return;
            }
            QueueLedger ledger = ledgers.get(event.key());
            if (event.seq() > ledger.version) {
                event.applyTo(ledger);
            }
        });
        LOG.info("POP state restored: {} group-queues, {} journal events replayed from journal offset {}",
                ledgers.size(), replayed, from);
    }

    /** Starts the expiry thread, once the state is restored and prepared branches hold their messages again. */
    public void start() {
        expiry.start();
    }

    /** The pop acks of transaction branches: ack at commit, hold while prepared, release at rollback. */
    public TransactedPopAcks transactedAcks() {
        return transactedAcks;
    }

    public void shutdown() {
        expiry.shutdown();
        polling.releaseAll();
        try {
            expiry.writeSnapshot();
        } catch (IOException e) {
            LOG.warn("POP-SNAPSHOT writing the final snapshot failed (the journal is replayed at start): {}",
                    e.toString());
        }
    }

    public RequestProcessor popProcessor(ExecutorService popExecutor) {
        return new PopMessageProcessor(new PollingParts(checks, service, polling, popExecutor, clock));
    }

    public RequestProcessor notificationProcessor(ExecutorService popExecutor) {
        return new NotificationProcessor(new PollingParts(checks, service, polling, popExecutor, clock));
    }

    public RequestProcessor pollingInfoProcessor() {
        return new PollingInfoProcessor(checks, polling);
    }

    public RequestProcessor ackProcessor() {
        return new AckMessageProcessor(new AckTargetDecoder(checks, store), service);
    }

    public RequestProcessor batchAckProcessor() {
        return new BatchAckMessageProcessor(checks, service, store);
    }

    public RequestProcessor changeInvisibleTimeProcessor() {
        return new ChangeInvisibleTimeProcessor(new AckTargetDecoder(checks, store), service, expiry);
    }

    /** Messages examined by pops since start (tests and metrics). */
    public long examined() {
        return service.examined();
    }

    /** The group's POP progress on a queue (GET_CONSUME_STATS), or null when it has not popped the queue. */
    public PopProgress progress(String group, String topic, int queueId) {
        return service.progress(group, topic, queueId);
    }

    /** The topics on which {@code group} has popped (GET_CONSUME_STATS without a topic). */
    public Set<String> topicsOf(String group) {
        return service.topicsOf(group);
    }

    /** How many group-queues of {@code group} have POP state (diagnostics and tests). */
    public long groupQueues(String group) {
        return ledgers.all().stream().filter(l -> l.key.group().equals(group)).count();
    }

    /**
     * Forgets the POP state of a deleted group at once (DELETE_SUBSCRIPTIONGROUP with {@code cleanOffset}): a group
     * of that name created right after (a JMS shared subscription started afresh) starts from its committed offsets,
     * not from the old state. The expiry sweep would drop it too, but only after a tick, which a new pop can beat.
     */
    public void forgetGroup(String group) {
        ledgers.all().removeIf(l -> l.key.group().equals(group));
    }

    /** Counts popped messages per topic and group from now on (metrics); call before the broker serves. */
    public void deliveryMeters(DeliveryMeters meters) {
        service.deliveryMeters(meters);
    }

    /** Acks requested since start (metrics). */
    public long acks() {
        return service.acks();
    }

    /** Calls {@code action} with each (group, topic) that has POP state (metrics: consumer lag and in-flight). */
    public void forEachGroupTopic(BiConsumer<String, String> action) {
        Set<LedgerKey> seen = new HashSet<>();
        for (QueueLedger ledger : ledgers.all()) {
            if (seen.add(new LedgerKey(ledger.key.group(), ledger.key.topic(), 0))) {
                action.accept(ledger.key.group(), ledger.key.topic());
            }
        }
    }

    /** Number of pops held (long polling). */
    public int heldPops() {
        return polling.heldCount();
    }
}
