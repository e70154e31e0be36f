package dev.apogee.examples;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

import java.io.PrintStream;
import java.util.UUID;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Point-to-point: sends three orders to the queue {@code orders} and receives them back.
 * Uses nothing but {@code jakarta.jms} and JNDI, which is why the acceptance test runs it as a separate program.
 */
public final class QueueSendReceive {
    static final int ORDERS = 3;
    static final long RECEIVE_TIMEOUT_MILLIS = 10_000;

    private QueueSendReceive() {
    }

    public static void main(String[] args) throws Exception {
        Context jndi = new InitialContext(); // reads jndi.properties
        try {
            run(jndi, System.out);
        } finally {
            jndi.close();
        }
    }

    static void run(Context jndi, PrintStream out) throws NamingException, JMSException {
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup("ConnectionFactory");
        Queue queue = (Queue) jndi.lookup("orders");
        String run = UUID.randomUUID().toString().substring(0, 8);
        try (Connection connection = factory.createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(queue);
            for (int i = 1; i <= ORDERS; i++) {
                TextMessage order = session.createTextMessage("order " + i + " of run " + run);
                producer.send(order);
                out.println("sent: " + order.getText());
            }
            MessageConsumer consumer = session.createConsumer(queue);
            connection.start(); // delivery starts here
            int received = 0;
            while (received < ORDERS) {
                Message message = consumer.receive(RECEIVE_TIMEOUT_MILLIS);
                if (message == null) {
                    throw new IllegalStateException("only " + received + " of " + ORDERS + " orders came back within "
                            + RECEIVE_TIMEOUT_MILLIS + " ms");
                }
                String text = ((TextMessage) message).getText();
                if (text.endsWith(" of run " + run)) {
                    out.println("received: " + text);
                    received++;
                } else {
                    out.println("skipped (an earlier run): " + text);
                }
            }
        }
        out.println("done: " + ORDERS + " orders sent and received through " + queue.getQueueName());
    }
}
