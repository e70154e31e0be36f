package dev.apogee.jms.api;

import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.InvalidSelectorRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.apogee.jms.api.Fluent.assertThat;
import static dev.apogee.jms.api.Fluent.assertThatThrownBy;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The simplified API (JMSContext, JMSProducer, JMSConsumer) against our own broker. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JmsContextTest {
    private static final AtomicInteger SEQ = new AtomicInteger();
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    private static String name(String prefix) {
        return prefix + "_" + System.currentTimeMillis() % 100_000 + "_" + SEQ.incrementAndGet();
    }

    @Test
    void sendAndReceiveBodiesWithProducerProperties() {
        try (JMSContext context = broker.factory().createContext()) {
            Queue queue = context.createQueue(name("ctx"));
            JMSConsumer consumer = context.createConsumer(queue); // auto start
            context.createProducer().setProperty("qty", 3).setJMSType("order").setPriority(6)
                    .send(queue, "text body");
            Message m = consumer.receive(10_000);
            assertThat(m).isInstanceOf(TextMessage.class);
            assertThat(uncheckedText(m)).isEqualTo("text body");
            assertThat(uncheckedInt(m, "qty")).isEqualTo(3);
            assertThat(uncheckedType(m)).isEqualTo("order");

            context.createProducer().send(queue, Map.of("k", "v"));
            @SuppressWarnings("unchecked")
            Map<String, Object> map = consumer.receiveBody(Map.class, 10_000);
            assertThat(map).isEqualTo(Map.of("k", "v"));
            assertThat(consumer.receiveBody(String.class, 300)).isNull();
        }
    }

    @Test
    void contextsShareTheConnectionAndCloseIt() {
        JMSContext first = broker.factory().createContext();
        String id = name("ctxclient");
        first.setClientID(id);
        JMSContext second = first.createContext(JMSContext.CLIENT_ACKNOWLEDGE);
        assertThat(second.getClientID()).isEqualTo(id);
        assertThat(second.getSessionMode()).isEqualTo(JMSContext.CLIENT_ACKNOWLEDGE);
        Queue queue = second.createQueue(name("ctxack"));
        JMSConsumer consumer = second.createConsumer(queue);
        first.createProducer().send(queue, "ack me");
        assertThat(consumer.receiveBody(String.class, 10_000)).isEqualTo("ack me");
        second.acknowledge();
        first.close();
        assertThatThrownBy(first::createTextMessage).isInstanceOf(IllegalStateRuntimeException.class);
        assertThat(second.createTextMessage("still open")).isNotNull(); // connection kept by the second context
        second.close();
    }

    @Test
    void checkedExceptionsBecomeRuntimeExceptions() {
        try (JMSContext context = broker.factory().createContext()) {
            Queue queue = context.createQueue(name("ctxbad"));
            assertThatThrownBy(() -> context.createConsumer(queue, "a = = b"))
                    .isInstanceOf(InvalidSelectorRuntimeException.class);
            context.createConsumer(queue);
            assertThatThrownBy(() -> context.setClientID("too late")).isInstanceOf(IllegalStateRuntimeException.class);
        }
    }

    private static String uncheckedText(Message m) {
        try {
            return ((TextMessage) m).getText();
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }

    private static int uncheckedInt(Message m, String name) {
        try {
            return m.getIntProperty(name);
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }

    private static String uncheckedType(Message m) {
        try {
            return m.getJMSType();
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }
}
