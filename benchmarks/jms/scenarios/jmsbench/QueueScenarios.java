package jmsbench;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;

import java.util.Arrays;
import java.util.List;

/**
 * Scenarios with several consumers on one queue, added by Apogee MQ to the shared harness: run-jms-bench.sh copies
 * this folder into its /tmp copy of ../shared/bench/jms and routes the harness's unknown scenario names here. Same
 * {@link Bench} plumbing and {@link Result} rows as the harness's own scenarios, so compare.py reports them alike.
 *
 * <ul>
 *   <li>{@code competing-consumers}: 1 producer, 4 {@code MessageListener} consumers (each on its own connection and
 *       session, no selector) on one queue, persistent.</li>
 *   <li>{@code selector-queue}: 2 listener consumers on one queue with complementary selectors ({@code color='red'}
 *       / {@code color='blue'}), the producer alternating the colours, persistent.</li>
 * </ul>
 * Each runs two phases: {@code live} (consumers listening while the producer sends; the deliver row's rate is what
 * the whole reached, first send to last delivery) and {@code backlog} (the producer sends first, then the consumers
 * start together and drain). Every delivery is matched to the message's sequence number: a phase that loses a
 * message or hands one to a consumer whose selector does not select it is reported with an error (FAILED in the
 * report), never as a rate.
 */
final class QueueScenarios {
    static final String COMPETING = "competing-consumers";
    static final String SELECTORS = "selector-queue";

    private final Bench b;

    QueueScenarios(Bench b) {
        this.b = b;
    }

    void run(String name, ConnectionFactory f, String cfName, String scen) throws Exception {
        switch (name) {
            case COMPETING -> runBoth(f, cfName, scen, "competing", Arrays.asList(null, null, null, null), null);
            case SELECTORS -> runBoth(f, cfName, scen, "selector",
                List.of("color='red'", "color='blue'"), new String[] {"red", "blue"});
            default -> throw new IllegalArgumentException("unknown scenario " + name);
        }
    }

    private void runBoth(ConnectionFactory f, String cfName, String scen, String queueSuffix, List<String> selectors,
                         String[] colours) throws Exception {
        Bench.Body body = Bench.parseBody(b.cfg.get("msg-type", "bytes"));
        String q = b.prefix + queueSuffix; // no '.': it becomes a RocketMQ topic name on Apogee
        long purged = b.purge(f, q);
        b.warmupQueue(f, q, body, DeliveryMode.PERSISTENT);
        QueuePhase.Spec spec = new QueuePhase.Spec(f, cfName, scen, q, body, selectors, colours,
            b.cfg.getLong("messages", 50_000));
        new QueuePhase(b, spec, false, purged).run();
        if (!b.globalTimeUp()) {
            new QueuePhase(b, spec, true, b.purge(f, q)).run();
        }
    }
}
