package dev.apogee.jms.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.util.concurrent.TimeUnit;

/**
 * {@link ClientMeters} over Micrometer meters, tagged {@code factory=<name>}; the meters are looked up once per
 * connection, so counting is an addition. Loaded only when Micrometer is on the class path ({@link JmsMetrics}).
 */
final class MicrometerMeters implements ClientMeters {
    private final Counter sent;
    private final Counter received;
    private final Counter acknowledged;
    private final Timer sendLatency;

    MicrometerMeters(MeterRegistry registry, String factory) {
        sent = Counter.builder("apogee.jms.messages.sent").tag("factory", factory)
                .description("Messages sent by the factory's connections").register(registry);
        received = Counter.builder("apogee.jms.messages.received").tag("factory", factory)
                .description("Messages delivered to the application (receive or onMessage)").register(registry);
        acknowledged = Counter.builder("apogee.jms.messages.acknowledged").tag("factory", factory)
                .description("Messages the application's sessions acknowledged").register(registry);
        sendLatency = Timer.builder("apogee.jms.send").tag("factory", factory)
                .description("Time a non-transacted send waited for the broker (oneway: for the hand-off)")
                .register(registry);
    }

    /** @param registry an {@code io.micrometer.core.instrument.MeterRegistry} */
    static ClientMeters over(Object registry, String factory) {
        if (!(registry instanceof MeterRegistry meterRegistry)) {
            throw new IllegalArgumentException("not a Micrometer MeterRegistry: " + registry.getClass().getName());
        }
        return new MicrometerMeters(meterRegistry, factory);
    }

    /** The global registry ({@code Metrics.globalRegistry}): what applications bind their registries to. */
    static ClientMeters global(String factory) {
        return new MicrometerMeters(io.micrometer.core.instrument.Metrics.globalRegistry, factory);
    }

    @Override
    public void sent(int messages) {
        sent.increment(messages);
    }

    @Override
    public void sendLatency(long nanos) {
        sendLatency.record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void received() {
        received.increment();
    }

    @Override
    public void acknowledged(int messages) {
        acknowledged.increment(messages);
    }
}
