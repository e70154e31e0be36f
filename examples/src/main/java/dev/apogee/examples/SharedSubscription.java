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
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Publish/subscribe with a shared subscription: two workers share one subscription to the topic {@code prices}, so
 * each published price is processed by one of them (load sharing on a topic, without a client id).
 */
public final class SharedSubscription {
    static final String SUBSCRIPTION = "price-workers";
    static final int PRICES = 6;
    static final long POLL_MILLIS = 500;
    static final long DEADLINE_MILLIS = 20_000;

    private SharedSubscription() {
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
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer[] workers = {
                session.createSharedConsumer(topic, SUBSCRIPTION),
                session.createSharedConsumer(topic, SUBSCRIPTION)};
            connection.start();
            MessageProducer producer = session.createProducer(topic);
            Set<String> published = new LinkedHashSet<>();
            for (int i = 1; i <= PRICES; i++) {
                TextMessage price = session.createTextMessage("price " + i + " of run " + run);
                producer.send(price);
                published.add(price.getText());
                out.println("published: " + price.getText());
            }
            Set<String> processed = collect(workers, run, out);
            if (!processed.equals(published)) {
                throw new IllegalStateException("the workers processed " + processed + " but " + published
                        + " were published");
            }
        }
        out.println("done: " + PRICES + " prices shared between 2 workers");
    }

    /** Polls the workers in turn (one session = one thread) until every price of this run has been seen. */
    private static Set<String> collect(MessageConsumer[] workers, String run, PrintStream out) throws JMSException {
        Set<String> processed = new LinkedHashSet<>();
        long deadline = System.currentTimeMillis() + DEADLINE_MILLIS;
        while (processed.size() < PRICES && System.currentTimeMillis() < deadline) {
            for (int w = 0; w < workers.length; w++) {
                Message message = workers[w].receive(POLL_MILLIS);
                if (message == null) {
                    continue;
                }
                String text = ((TextMessage) message).getText();
                if (!text.endsWith(" of run " + run)) {
                    out.println("skipped (an earlier run): " + text);
                } else if (processed.add(text)) {
                    out.println("worker " + (w + 1) + " processed: " + text);
                } else {
                    out.println("worker " + (w + 1) + " got a redelivery: " + text); // at-least-once
                }
            }
        }
        return processed;
    }
}
