package dev.apogee.jms.api;

import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueReceiver;
import jakarta.jms.QueueSession;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicSession;
import jakarta.jms.TopicSubscriber;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JMS 1.1 domain-specific sessions against our broker: a {@code QueueSession} refuses the publish/subscribe
 * methods and a {@code TopicSession} the point-to-point ones with {@code IllegalStateException} (their javadoc);
 * what belongs to their domain still works.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DomainSessionTest {
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    private interface Call {
        void call() throws JMSException;
    }

    private static String unique(String prefix) {
        return prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    }

    private static void assertAllRefused(Map<String, Call> calls) {
        calls.forEach((name, call) -> {
            IllegalStateException e = assertThrows(IllegalStateException.class, call::call, name);
            assertNotNull(e.getErrorCode(), name + " carries an error code");
        });
    }

    @Test
    void queueSessionRefusesTopicMethods() throws Exception {
        try (QueueConnection c = broker.factory().createQueueConnection()) {
            c.setClientID(unique("qs"));
            QueueSession s = c.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            Topic topic = new dev.apogee.jms.destination.ApogeeTopic(unique("t"));
            Map<String, Call> calls = new LinkedHashMap<>();
            calls.put("createTopic", () -> s.createTopic("t"));
            calls.put("createTemporaryTopic", s::createTemporaryTopic);
            calls.put("createSharedConsumer", () -> s.createSharedConsumer(topic, "n"));
            calls.put("createSharedConsumer+selector", () -> s.createSharedConsumer(topic, "n", "a = 1"));
            calls.put("createSharedDurableConsumer", () -> s.createSharedDurableConsumer(topic, "n"));
            calls.put("createSharedDurableConsumer+selector", () -> s.createSharedDurableConsumer(topic, "n", null));
            calls.put("createDurableSubscriber", () -> s.createDurableSubscriber(topic, "n"));
            calls.put("createDurableSubscriber+selector", () -> s.createDurableSubscriber(topic, "n", null, true));
            calls.put("createDurableConsumer", () -> s.createDurableConsumer(topic, "n"));
            calls.put("createDurableConsumer+selector", () -> s.createDurableConsumer(topic, "n", null, false));
            calls.put("unsubscribe", () -> s.unsubscribe("n"));
            assertAllRefused(calls);
            c.start();
            Queue queue = s.createQueue(unique("q"));
            QueueReceiver receiver = s.createReceiver(queue);
            s.createSender(queue).send(s.createTextMessage("p2p"));
            assertEquals("p2p", ((TextMessage) receiver.receive(10_000)).getText());
            assertNotNull(s.createBrowser(queue));
            assertNotNull(s.createTemporaryQueue());
        }
    }

    @Test
    void topicSessionRefusesQueueMethods() throws Exception {
        try (TopicConnection c = broker.factory().createTopicConnection()) {
            TopicSession s = c.createTopicSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = new dev.apogee.jms.destination.ApogeeQueue(unique("q"));
            Map<String, Call> calls = new LinkedHashMap<>();
            calls.put("createQueue", () -> s.createQueue("q"));
            calls.put("createTemporaryQueue", s::createTemporaryQueue);
            calls.put("createBrowser", () -> s.createBrowser(queue));
            calls.put("createBrowser+selector", () -> s.createBrowser(queue, "a = 1"));
            assertAllRefused(calls);
            c.start();
            Topic topic = s.createTopic(unique("t"));
            TopicSubscriber subscriber = s.createSubscriber(topic);
            s.createPublisher(topic).publish(s.createTextMessage("pub/sub"));
            assertEquals("pub/sub", ((TextMessage) subscriber.receive(10_000)).getText());
            assertNotNull(s.createTemporaryTopic());
        }
    }

    @Test
    void plainSessionsOfDomainConnectionsStayUnrestricted() throws Exception {
        try (QueueConnection c = broker.factory().createQueueConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            assertNotNull(s.createTopic(unique("t")));
            assertNotNull(s.createQueue(unique("q")));
            MessageConsumer consumer = s.createConsumer(s.createTemporaryTopic());
            assertInstanceOf(MessageConsumer.class, consumer);
        }
    }

    @Test
    void aClosedDomainSessionSaysClosedRatherThanWrongDomain() throws Exception {
        try (QueueConnection c = broker.factory().createQueueConnection()) {
            QueueSession s = c.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            s.close();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.createTopic("t"));
            assertTrue(e.getMessage().contains("closed"), e.getMessage());
        }
    }
}
