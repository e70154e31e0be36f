package dev.apogee.jms.api;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The provider's Micrometer client metrics against our broker: sends of every kind, deliveries and the
 * acknowledgements of each mode are counted on the registry set on the factory, tagged with the factory's name.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JmsClientMetricsTest {
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void sendsReceivesAndAcknowledgementsAreCountedPerFactory() throws Exception {
        ApogeeConnectionFactory factory = broker.factory();
        factory.setMetricsName("orders");
        factory.setMeterRegistry(registry);
        String name = "metrics_" + System.nanoTime();
        try (Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = session.createQueue(name);
            MessageProducer producer = session.createProducer(queue);
            for (int i = 0; i < 3; i++) {
                producer.send(session.createTextMessage("persistent " + i));
            }
            producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            producer.send(session.createTextMessage("non-persistent"));
            CompletableFuture<Message> completed = new CompletableFuture<>();
            producer.send(session.createTextMessage("async"), new CompletionListener() {
                @Override
                public void onCompletion(Message message) {
                    completed.complete(message);
                }

                @Override
                public void onException(Message message, Exception exception) {
                    completed.completeExceptionally(exception);
                }
            });
            completed.get(30, TimeUnit.SECONDS);
            assertEquals(5, count("apogee.jms.messages.sent"));
            assertEquals(5, registry.get("apogee.jms.send").tag("factory", "orders").timer().count());
            assertTrue(registry.get("apogee.jms.send").tag("factory", "orders").timer()
                    .totalTime(TimeUnit.NANOSECONDS) > 0);

            MessageConsumer consumer = session.createConsumer(queue);
            for (int i = 0; i < 5; i++) {
                assertNotNull(consumer.receive(10_000), "message " + i);
            }
            assertEquals(5, count("apogee.jms.messages.received"));
            assertEquals(5, count("apogee.jms.messages.acknowledged"), "AUTO acknowledges each delivery");
            consumer.close();

            Session client = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            Queue clientQueue = client.createQueue(name + "_client");
            MessageProducer clientProducer = client.createProducer(clientQueue);
            clientProducer.send(client.createTextMessage("c1"));
            clientProducer.send(client.createTextMessage("c2"));
            MessageConsumer clientConsumer = client.createConsumer(clientQueue);
            assertNotNull(clientConsumer.receive(10_000));
            Message last = clientConsumer.receive(10_000);
            assertNotNull(last);
            assertEquals(7, count("apogee.jms.messages.received"));
            assertEquals(5, count("apogee.jms.messages.acknowledged"), "CLIENT: nothing before acknowledge()");
            last.acknowledge();
            assertEquals(7, count("apogee.jms.messages.acknowledged"));

            Session transacted = connection.createSession(true, Session.SESSION_TRANSACTED);
            MessageProducer txProducer = transacted.createProducer(transacted.createQueue(name + "_tx"));
            txProducer.send(transacted.createTextMessage("t1"));
            txProducer.send(transacted.createTextMessage("t2"));
            assertEquals(7, count("apogee.jms.messages.sent"), "transacted sends count at commit");
            transacted.commit();
            assertEquals(9, count("apogee.jms.messages.sent"));
        }
    }

    @Test
    void aRegistryOfAnotherKindIsRefusedAtOnce() {
        ApogeeConnectionFactory factory = broker.factory();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> factory.setMeterRegistry("not a registry"));
        assertTrue(e.getMessage().contains("MeterRegistry"), e.getMessage());
    }

    private double count(String meter) {
        return registry.get(meter).tag("factory", "orders").counter().count();
    }
}
