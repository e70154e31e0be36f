package dev.apogee.benchmarks.client;

/** A name server plus one broker, started for the benchmark and stopped by {@link #close()}. */
interface BrokerUnderTest extends AutoCloseable {
    /** Short name for the table: {@code apache} or {@code apogee}. */
    String name();

    /** One line for the report: what runs, how and where. */
    String description();

    String namesrvAddress();

    @Override
    void close() throws Exception;
}
