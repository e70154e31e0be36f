package dev.apogee.examples.springcamel;

import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.jms.core.JmsTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import javax.naming.NamingException;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Base of the scenario classes: before each test an application looks its factory and destinations up in the JNDI
 * of the class's provider ({@link OnProvider}), after it the application is closed.
 */
@ExtendWith(ProviderExtension.class)
abstract class Scenarios {
    /** Text of the messages that prove a topic subscription is in place; the scenarios ignore them otherwise. */
    static final String WARM_UP = "warm-up";
    /** Text of the message that, received, proves nothing else was left before it. */
    static final String MARKER = "marker";

    JndiApplication app;

    @BeforeEach
    void lookUp(Provider provider) throws NamingException {
        app = JndiApplication.lookUp(provider.jndiEnvironment());
    }

    @AfterEach
    void close() {
        if (app != null) {
            app.close();
        }
    }

    static List<String> texts(String prefix, int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> prefix + i).toList();
    }

    static boolean isWarmUp(Deliveries.Delivery delivery) {
        return delivery.text().equals(WARM_UP);
    }

    /**
     * Publishes {@link #WARM_UP} to {@code topic} every 100 ms until {@code subscribed} holds: a subscriber only gets
     * what is published after its subscription exists, and a listener container subscribes on its own threads.
     */
    static void warmUp(JmsTemplate topics, String topic, BooleanSupplier subscribed) {
        await("warm-up of " + topic).atMost(Deliveries.WAIT).pollInterval(Duration.ofMillis(100)).until(() -> {
            if (subscribed.getAsBoolean()) {
                return true;
            }
            topics.convertAndSend(topic, WARM_UP);
            return false;
        });
    }

    /**
     * Sends {@link #MARKER} to {@code queue}, then receives until it arrives: the texts received before it are what
     * was left on the queue (none, on a correct provider, when a scenario expects it empty).
     */
    static List<String> leftBeforeMarker(JmsTemplate template, String queue) throws Exception {
        template.convertAndSend(queue, MARKER);
        List<String> left = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Message message = template.receive(queue);
            assertNotNull(message, "the marker sent to " + queue + " did not arrive");
            String text = ((TextMessage) message).getText();
            if (text.equals(MARKER)) {
                return left;
            }
            left.add(text);
        }
        return fail("100 messages on " + queue + " before the marker: " + left);
    }
}
