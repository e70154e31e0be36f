package dev.apogee.jms.jndi;

import dev.apogee.jms.api.JmsBroker;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import jakarta.jms.XAConnection;
import jakarta.jms.XAConnectionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.naming.Context;
import javax.naming.InitialContext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** Objects looked up through JNDI talk to a real broker (our name server and broker in this JVM). */
class JndiSendReceiveTest {
    private static final long RECEIVE_MILLIS = 15_000;
    private static JmsBroker broker;
    private static InitialContext jndi;

    @BeforeAll
    static void start() throws Exception {
        broker = JmsBroker.start();
        jndi = new InitialContext(ReadOnlyContextTest.environment(
                Context.PROVIDER_URL, "apogee://" + broker.namesrvAddress(),
                "connectionFactory.appCF", "?clientID=jndi-app",
                "xaConnectionFactory.appXA", "",
                "queue.orders", "JndiOrders"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (jndi != null) {
            jndi.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void sendsAndReceivesThroughADeclaredQueue() throws Exception {
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup("appCF");
        Queue queue = (Queue) jndi.lookup("orders");
        try (Connection connection = factory.createConnection()) {
            assertEquals("jndi-app", connection.getClientID(), "the ?clientID option reached the factory");
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createProducer(queue).send(session.createTextMessage("order 1"));
            MessageConsumer consumer = session.createConsumer(queue);
            connection.start();
            TextMessage received = assertInstanceOf(TextMessage.class, consumer.receive(RECEIVE_MILLIS));
            assertEquals("order 1", received.getText());
            assertEquals(queue, received.getJMSDestination());
        }
    }

    @Test
    void anXaFactoryFromJndiOpensXaConnections() throws Exception {
        XAConnectionFactory factory = (XAConnectionFactory) jndi.lookup("appXA");
        try (XAConnection connection = factory.createXAConnection()) {
            assertNotNull(connection.createXASession().getXAResource());
        }
    }

    @Test
    void sendsAndReceivesThroughADynamicTopic() throws Exception {
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup("appCF");
        Topic topic = (Topic) jndi.lookup("dynamicTopics/JndiPrices");
        try (JMSContext context = factory.createContext()) {
            var consumer = context.createConsumer(topic);
            context.createProducer().send(topic, "price 42");
            assertEquals("price 42", consumer.receiveBody(String.class, RECEIVE_MILLIS));
        }
    }
}
