package dev.apogee.examples.springcamel;

import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;

import java.io.IOException;
import java.util.Properties;
import javax.naming.Context;

/**
 * ActiveMQ Artemis 2.40 embedded in the test JVM with an in-VM acceptor, no persistence and no security: its default
 * address settings (queues created on first use, redelivery without delay, ten delivery attempts) are what an
 * application written against Artemis sees.
 */
final class ArtemisServer implements Provider {
    private static final String URL = "vm://0";
    private final EmbeddedActiveMQ server;

    private ArtemisServer(EmbeddedActiveMQ server) {
        this.server = server;
    }

    static ArtemisServer start() throws Exception {
        Configuration config = new ConfigurationImpl()
                .setPersistenceEnabled(false)
                .setSecurityEnabled(false)
                .setJMXManagementEnabled(false)
                .addAcceptorConfiguration("in-vm", URL);
        EmbeddedActiveMQ server = new EmbeddedActiveMQ().setConfiguration(config);
        server.start();
        return new ArtemisServer(server);
    }

    /** Artemis's initial context factory in place of Apogee's; the destinations come from the same file. */
    @Override
    public Properties jndiEnvironment() {
        Properties environment = new Properties();
        environment.put(Context.INITIAL_CONTEXT_FACTORY,
                "org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory");
        environment.put(Context.PROVIDER_URL, URL);
        return environment;
    }

    @Override
    public void close() throws IOException {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IOException("cannot stop the embedded Artemis", e);
        }
    }

    @Override
    public String toString() {
        return "ActiveMQ Artemis";
    }
}
