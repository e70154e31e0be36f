package dev.apogee.jms.api;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link JmsBroker} for one test class: {@code @RegisterExtension static final JmsBrokerExtension broker = new
 * JmsBrokerExtension();} starts it before the class's first test and stops it (deleting its files) after the last.
 */
public final class JmsBrokerExtension implements BeforeAllCallback, AfterAllCallback {
    private JmsBroker broker;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        broker = JmsBroker.start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }

    private JmsBroker started() {
        if (broker == null) {
            throw new IllegalStateException("the test broker runs only between beforeAll and afterAll");
        }
        return broker;
    }

    public String namesrvAddress() {
        return started().namesrvAddress();
    }

    public ApogeeConnectionFactory factory() {
        return started().factory();
    }
}
