package dev.apogee.jms.metrics;

/**
 * Picks a connection's {@link ClientMeters}: Micrometer meters over the registry the factory was given, else over
 * {@code Metrics.globalRegistry} when Micrometer is on the class path, else {@link ClientMeters#NONE}. The check
 * for Micrometer is a class lookup done once; without Micrometer no Micrometer class is ever touched.
 */
public final class JmsMetrics {
    private static final boolean MICROMETER = present("io.micrometer.core.instrument.MeterRegistry");

    private JmsMetrics() {
    }

    /** Whether Micrometer is on the provider's class path. */
    public static boolean micrometerPresent() {
        return MICROMETER;
    }

    /**
     * @param factory  the {@code factory} tag
     * @param registry an {@code io.micrometer.core.instrument.MeterRegistry}, or null for the global registry
     * @throws IllegalArgumentException when {@code registry} is set but Micrometer is absent or it is no registry
     */
    public static ClientMeters forFactory(String factory, Object registry) {
        if (!MICROMETER) {
            if (registry != null) {
                throw new IllegalArgumentException("a meter registry was set but Micrometer is not on the class path");
            }
            return ClientMeters.NONE;
        }
        return registry != null ? MicrometerMeters.over(registry, factory) : MicrometerMeters.global(factory);
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, JmsMetrics.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
