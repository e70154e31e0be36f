package dev.apogee.tck.spi;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.Topic;

/**
 * What the suite needs from a provider besides {@code jakarta.jms}: start and stop its broker, hand out connection
 * factories and administered destinations, and say which optional behaviours it has. Bound with
 * {@link java.util.ServiceLoader} ({@code META-INF/services/dev.apogee.tck.spi.TckEnvironment}); started once per
 * test JVM by {@link dev.apogee.tck.support.Tck} and stopped by a shutdown hook.
 */
public interface TckEnvironment {
    /** Starts the provider's broker (or connects to one). Called once, before any other method. */
    void start() throws Exception;

    /** Stops what {@link #start()} started; called once, at JVM exit. */
    void stop() throws Exception;

    /** A factory with no client identifier configured. */
    ConnectionFactory connectionFactory();

    /** A factory configured administratively with the client identifier {@code clientId} (§6.1.2). */
    ConnectionFactory connectionFactory(String clientId);

    /** An administered queue; the suite passes a name unique to the test. */
    Queue queue(String name) throws JMSException;

    /** An administered topic; the suite passes a name unique to the test. */
    Topic topic(String name) throws JMSException;

    /**
     * The optional behaviours the suite checks only where a provider claims them. Defaults: none.
     */
    default Capabilities capabilities() {
        return Capabilities.NONE;
    }

    /**
     * How long a receive waits for a message that must arrive; and how long the suite waits before concluding that
     * a message that must not arrive did not (a bounded negative check, never a timing assertion).
     */
    default long receiveTimeoutMillis() {
        return 10_000;
    }

    /** See {@link #receiveTimeoutMillis()}. */
    default long absenceWaitMillis() {
        return 500;
    }

    /** Optional behaviours a provider may lack; the suite skips (JUnit assumption) the tests of those it lacks. */
    record Capabilities(boolean noLocal) {
        public static final Capabilities NONE = new Capabilities(false);
    }
}
