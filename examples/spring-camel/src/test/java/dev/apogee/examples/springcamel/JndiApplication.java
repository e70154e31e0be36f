package dev.apogee.examples.springcamel;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.MessageListener;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.impl.DefaultCamelContext;
import org.springframework.jms.connection.CachingConnectionFactory;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.jms.listener.DefaultMessageListenerContainer;
import org.springframework.jms.support.destination.JndiDestinationResolver;
import org.springframework.jndi.JndiTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Properties;
import java.util.List;
import java.util.function.Consumer;
import javax.naming.NamingException;

/**
 * What a Spring or Camel application configures, all from JNDI: the {@code ConnectionFactory} looked up by name, a
 * {@link CachingConnectionFactory} over it for {@link JmsTemplate}s, transaction managers and Camel (Spring's advice
 * for all three), and a {@link JndiDestinationResolver} so that every destination name the application uses is a JNDI
 * name ({@code jndi.properties}), never a provider's physical name. Listener containers get the looked-up factory
 * itself: they cache their own connection and consumers.
 *
 * <p>Built, used and closed by one test on its JUnit thread; the containers and Camel contexts it starts run their
 * own threads until {@link #close()}.
 */
final class JndiApplication implements AutoCloseable {
    /** How long a {@code receive} waits: only a failing test waits this long. */
    static final Duration RECEIVE_TIMEOUT = Duration.ofSeconds(15);

    private final ConnectionFactory connectionFactory;
    private final CachingConnectionFactory cachingFactory;
    private final JndiDestinationResolver destinations;
    private final List<DefaultMessageListenerContainer> containers = new ArrayList<>();
    private final List<CamelContext> camels = new ArrayList<>();

    private JndiApplication(ConnectionFactory connectionFactory, JndiDestinationResolver destinations) {
        this.connectionFactory = connectionFactory;
        this.destinations = destinations;
        this.cachingFactory = new CachingConnectionFactory(connectionFactory);
        // a session per concurrent user (listener threads, Camel's consumer and producers) instead of one
        cachingFactory.setSessionCacheSize(10);
    }

    /** {@code new InitialContext(environment)} merged with {@code jndi.properties}, as Spring's JNDI support does. */
    static JndiApplication lookUp(Properties environment) throws NamingException {
        JndiTemplate jndi = new JndiTemplate(environment);
        ConnectionFactory factory = jndi.lookup("ConnectionFactory", ConnectionFactory.class);
        JndiDestinationResolver destinations = new JndiDestinationResolver();
        destinations.setJndiTemplate(jndi);
        // an undeclared name is a configuration error, not a destination created on the fly
        destinations.setFallbackToDynamicDestination(false);
        return new JndiApplication(factory, destinations);
    }

    /** The factory as looked up in JNDI. */
    ConnectionFactory connectionFactory() {
        return connectionFactory;
    }

    JndiDestinationResolver destinations() {
        return destinations;
    }

    /** A template on the caching factory, for queues, waiting {@link #RECEIVE_TIMEOUT} in {@code receive}. */
    JmsTemplate template() {
        JmsTemplate template = new JmsTemplate(cachingFactory);
        template.setDestinationResolver(destinations);
        template.setReceiveTimeout(RECEIVE_TIMEOUT.toMillis());
        return template;
    }

    /** Like {@link #template()}, for topics. */
    JmsTemplate topicTemplate() {
        JmsTemplate template = template();
        template.setPubSubDomain(true);
        return template;
    }

    /**
     * A started listener container on {@code destination}; {@code settings} may change anything before it starts.
     * Stopped by {@link #close()} unless the test shuts it down itself.
     */
    DefaultMessageListenerContainer container(String destination, MessageListener listener,
                                              Consumer<DefaultMessageListenerContainer> settings) {
        DefaultMessageListenerContainer container = new DefaultMessageListenerContainer();
        container.setConnectionFactory(connectionFactory);
        container.setDestinationResolver(destinations);
        container.setDestinationName(destination);
        container.setMessageListener(listener);
        settings.accept(container);
        container.afterPropertiesSet();
        container.start();
        containers.add(container);
        return container;
    }

    /**
     * A started Camel context whose {@code jms} component uses the caching factory and resolves destination names
     * in JNDI, with {@code routes}.
     */
    CamelContext camel(RouteBuilder routes) throws Exception {
        CamelContext camel = new DefaultCamelContext();
        JmsComponent jms = JmsComponent.jmsComponent(cachingFactory);
        jms.setDestinationResolver(destinations);
        camel.addComponent("jms", jms);
        // routes still waiting for a message at the end of a test: don't wait Camel's default 45 s for them
        camel.getShutdownStrategy().setTimeout(10);
        camel.addRoutes(routes);
        camels.add(camel);
        camel.start();
        return camel;
    }

    /** Stops the Camel contexts, then the containers, then closes the cached connection; again does nothing. */
    @Override
    public void close() {
        for (CamelContext camel : camels) {
            camel.stop();
        }
        camels.clear();
        containers.forEach(DefaultMessageListenerContainer::shutdown);
        containers.clear();
        cachingFactory.destroy();
    }
}
