package dev.apogee.examples.wildfly;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

/**
 * Places an order on the {@code orders} queue inside the caller's container-managed transaction: if the
 * transaction rolls back, the message is never sent.
 */
@Stateless
public class OrderService {
    /** Bound by the adapter's ironjacamar.xml. */
    @Resource(lookup = "java:/jms/apogee/ConnectionFactory")
    private ConnectionFactory connectionFactory;

    public void placeOrder(String item) throws JMSException {
        // Connections are pooled by the container: open and close one per use. Inside the transaction the
        // createSession arguments are ignored and the session commits with the transaction.
        try (Connection connection = connectionFactory.createConnection()) {
            Session session = connection.createSession();
            TextMessage message = session.createTextMessage(item);
            message.setStringProperty("kind", "order");
            session.createProducer(session.createQueue("orders")).send(message);
        }
    }
}
