package dev.apogee.jms.api;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static dev.apogee.jms.api.Fluent.assertThat;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * NON_PERSISTENT sends are oneway with a periodic answered probe (back-pressure, see the provider's
 * {@code OnewayFlowControl}): a burst of several probe periods from two sessions of one connection arrives complete
 * and without duplicates, probes included.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NonPersistentBurstTest {
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void burstFromTwoSessionsArrivesComplete() throws Exception {
        int perSession = 1_000; // several probe periods each
        try (Connection c = broker.factory().createConnection()) {
            c.start();
            Session s1 = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = s1.createQueue("npburst_" + System.currentTimeMillis() % 100_000);
            MessageConsumer consumer = s1.createConsumer(queue);
            Thread other = new Thread(() -> {
                try {
                    burst(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "b", perSession);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            other.start();
            burst(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "a", perSession);
            other.join();

            Set<String> got = new HashSet<>();
            long deadline = System.currentTimeMillis() + 60_000;
            while (got.size() < 2 * perSession && System.currentTimeMillis() < deadline) {
                Message m = consumer.receive(200);
                if (m != null) {
                    assertThat(got.add(((TextMessage) m).getText())).isTrue();
                }
            }
            assertThat(got.size()).isEqualTo(2 * perSession);
            assertThat(consumer.receive(300)).isNull();
        }
    }

    private static void burst(Session s, Queue queue, String prefix, int count) throws Exception {
        MessageProducer producer = s.createProducer(queue);
        producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        for (int i = 0; i < count; i++) {
            producer.send(s.createTextMessage(prefix + i));
        }
    }
}
