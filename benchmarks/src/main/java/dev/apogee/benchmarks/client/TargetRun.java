package dev.apogee.benchmarks.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The whole table against one started broker: both producers started side by side, each warmed up on every row
 * shape, then each row measured for both, alternating which goes first so neither always inherits the other's
 * leftovers (page cache, broker GC, a warmer JIT on the broker side).
 */
final class TargetRun {
    static final String TOPIC = "ProducerBench";
    static final int QUEUES = 8;

    private final BenchOptions options;
    private final List<RowShape> shapes;

    TargetRun(BenchOptions options) {
        this.options = options;
        this.shapes = List.of(RowShape.sync(1), RowShape.sync(16), RowShape.async(options.asyncInFlight()));
    }

    List<RowResult> run(BrokerUnderTest broker) throws Exception {
        byte[] body = new byte[options.bodyBytes()];
        try (BenchTopic topic = BenchTopic.create(broker.namesrvAddress(), TOPIC, QUEUES);
             LoadProducer official = OfficialLoadProducer.start(broker.namesrvAddress(), TOPIC, body);
             LoadProducer ours = OurLoadProducer.start(broker.namesrvAddress(), TOPIC, body)) {
            for (LoadProducer producer : List.of(official, ours)) {
                for (RowShape shape : shapes) {
                    progress(broker, "warm-up " + producer.name() + ", " + shape.title());
                    measure(producer, shape, options.warmupSeconds());
                }
            }
            List<RowResult> rows = new ArrayList<>();
            for (int i = 0; i < shapes.size(); i++) {
                RowShape shape = shapes.get(i);
                boolean officialFirst = i % 2 == 0;
                LoadProducer first = officialFirst ? official : ours;
                LoadProducer second = officialFirst ? ours : official;
                Measurement a = measured(broker, topic, first, shape);
                Measurement b = measured(broker, topic, second, shape);
                rows.add(new RowResult(shape, officialFirst ? b : a, officialFirst ? a : b, first.name()));
            }
            return rows;
        }
    }

    private Measurement measured(BrokerUnderTest broker, BenchTopic topic, LoadProducer producer, RowShape shape)
            throws Exception {
        // start each measurement with a clean heap so one producer's garbage is not collected on the other's time
        System.gc();
        long storedBefore = topic.storedMessages();
        Measurement m = measure(producer, shape, options.secondsPerRow());
        m = m.withStored(topic.storedMessages() - storedBefore);
        progress(broker, String.format(Locale.ROOT, "%s, %s: %,.0f msg/s, %d failed, broker stored %,d", shape.title(),
                producer.name(), m.msgsPerSecond(), m.failedSends(), m.stored()));
        return m;
    }

    private Measurement measure(LoadProducer producer, RowShape shape, int seconds) throws InterruptedException {
        return shape.isAsync() ? AsyncLoad.run(producer, shape.asyncInFlight(), seconds)
                : SyncLoad.run(producer, shape.threads(), seconds);
    }

    private static void progress(BrokerUnderTest broker, String what) {
        System.err.printf("[%tT] %s: %s%n", System.currentTimeMillis(), broker.name(), what);
    }
}
