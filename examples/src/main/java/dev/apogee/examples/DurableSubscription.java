package dev.apogee.examples;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;

import java.io.PrintStream;
import java.util.UUID;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Publish/subscribe with a durable subscription: prices published while the subscriber is offline are kept for it
 * and delivered when it comes back. The subscription is identified by the client id plus its name.
 */
public final class DurableSubscription {
    static final String CLIENT_ID = "apogee-example-durable";
    static final String SUBSCRIPTION = "price-audit";
    static final long RECEIVE_TIMEOUT_MILLIS = 10_000;

    private DurableSubscription() {
    }

    public static void main(String[] args) throws Exception {
        Context jndi = new InitialContext();
        try {
            run(jndi, System.out);
        } finally {
            jndi.close();
        }
    }

    static void run(Context jndi, PrintStream out) throws NamingException, JMSException {
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup("ConnectionFactory");
        Topic topic = (Topic) jndi.lookup("prices");
        String run = UUID.randomUUID().toString().substring(0, 8);
        try (Connection connection = factory.createConnection()) {
            connection.setClientID(CLIENT_ID); // durable subscriptions belong to a client id
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            // creating the consumer creates the subscription; closing it leaves the subscription in place
            session.createDurableConsumer(topic, SUBSCRIPTION).close();
            out.println("subscribed: " + SUBSCRIPTION + " on " + topic.getTopicName() + ", now offline");

            MessageProducer producer = session.createProducer(topic);
            for (int i = 1; i <= 2; i++) {
                TextMessage price = session.createTextMessage("price " + i + " of run " + run);
                producer.send(price);
                out.println("published: " + price.getText());
            }

            MessageConsumer subscriber = session.createDurableConsumer(topic, SUBSCRIPTION);
            connection.start();
            out.println("back online: " + SUBSCRIPTION);
            receiveOwn(subscriber, run, 2, out);
            subscriber.close();
            session.unsubscribe(SUBSCRIPTION); // otherwise the broker keeps collecting prices for it
            out.println("unsubscribed: " + SUBSCRIPTION);
        }
    }

    private static void receiveOwn(MessageConsumer subscriber, String run, int expected, PrintStream out)
            throws JMSException {
        int received = 0;
        while (received < expected) {
            Message message = subscriber.receive(RECEIVE_TIMEOUT_MILLIS);
            if (message == null) {
                throw new IllegalStateException("the durable subscription delivered " + received + " of " + expected
                        + " prices published while it was offline");
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
}
