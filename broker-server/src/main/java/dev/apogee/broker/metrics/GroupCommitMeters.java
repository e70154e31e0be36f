package dev.apogee.broker.metrics;

import dev.apogee.store.flush.GroupCommitListener;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;

/**
 * The SYNC_FLUSH group commit: fsyncs of the commit log and how long each took, and how many puts and messages each
 * round acknowledged ({@code rate(apogee_group_commit_messages_total) / rate(apogee_group_commit_fsyncs_total)} is
 * messages per fsync; the histogram shows their spread). Called by the thread that forced (see
 * {@link GroupCommitListener}): once per force, never per message. Stays at zero under ASYNC_FLUSH.
 */
final class GroupCommitMeters implements GroupCommitListener {
    private static final double[] FORCE_MILLIS = {0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 1_000};
    private static final double[] MESSAGES = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1_024};

    private final Counter fsyncs;
    private final Histogram forceLatency;
    private final Counter puts;
    private final Counter messages;
    private final Histogram messagesPerRound;

    GroupCommitMeters(PrometheusRegistry registry, Labels broker) {
        fsyncs = Counter.builder().name("apogee_group_commit_fsyncs")
                .help("FileChannel.force calls of the commit log by the group commit (SYNC_FLUSH)")
                .constLabels(broker).withoutExemplars().register(registry);
        forceLatency = Histogram.builder().name("apogee_group_commit_force_latency")
                .help("Duration of one group-commit force of the commit log, in milliseconds")
                .constLabels(broker).classicOnly().classicUpperBounds(FORCE_MILLIS).withoutExemplars()
                .register(registry);
        puts = Counter.builder().name("apogee_group_commit_puts")
                .help("Put requests (a batch is one) acknowledged by group-commit forces")
                .constLabels(broker).withoutExemplars().register(registry);
        messages = Counter.builder().name("apogee_group_commit_messages")
                .help("Messages acknowledged by group-commit forces")
                .constLabels(broker).withoutExemplars().register(registry);
        messagesPerRound = Histogram.builder().name("apogee_group_commit_messages_per_round")
                .help("Messages one group-commit round (one force, or two across a file switch) acknowledged")
                .constLabels(broker).classicOnly().classicUpperBounds(MESSAGES).withoutExemplars()
                .register(registry);
    }

    @Override
    public void forced(long nanos) {
        fsyncs.inc();
        forceLatency.observe(nanos / 1_000_000.0);
    }

    @Override
    public void acknowledged(int putCount, int messageCount) {
        puts.inc(putCount);
        messages.inc(messageCount);
        messagesPerRound.observe(messageCount);
    }
}
