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
 * A transacted session consumes a job from {@code jobs} and sends its result to {@code results} as one unit of work:
 * the first attempt is rolled back (the result is discarded and the job comes back, marked redelivered), the second
 * is committed (the job is consumed and the result sent).
 */
public final class TransactedSession {
    static final long RECEIVE_TIMEOUT_MILLIS = 10_000;

    private TransactedSession() {
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
        Queue jobs = (Queue) jndi.lookup("jobs");
        Queue results = (Queue) jndi.lookup("results");
        String job = "job of run " + UUID.randomUUID().toString().substring(0, 8);
        try (Connection connection = factory.createConnection()) {
            Session plain = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            plain.createProducer(jobs).send(plain.createTextMessage(job));
            out.println("queued: " + job);

            Session tx = connection.createSession(true, Session.SESSION_TRANSACTED);
            MessageConsumer jobConsumer = tx.createConsumer(jobs);
            MessageProducer resultProducer = tx.createProducer(results);
            MessageConsumer resultConsumer = plain.createConsumer(results);
            connection.start();

            receive(jobConsumer, job, out);
            resultProducer.send(tx.createTextMessage("result of " + job));
            tx.rollback();
            out.println("rolled back: the result was not sent, the job goes back");

            receive(jobConsumer, job, out);
            resultProducer.send(tx.createTextMessage("result of " + job));
            tx.commit();
            out.println("committed: the job is consumed and the result sent");

            Message result = receive(resultConsumer, "result of " + job, out);
            out.println("result: " + ((TextMessage) result).getText());
        }
    }

    /** Receives the message with this text, skipping what earlier runs left behind. */
    private static Message receive(MessageConsumer consumer, String text, PrintStream out) throws JMSException {
        while (true) {
            Message message = consumer.receive(RECEIVE_TIMEOUT_MILLIS);
            if (message == null) {
                throw new IllegalStateException("'" + text + "' did not arrive within " + RECEIVE_TIMEOUT_MILLIS
                        + " ms");
            }
            String body = ((TextMessage) message).getText();
            if (body.equals(text)) {
                out.println("received: " + body + " (redelivered=" + message.getJMSRedelivered() + ")");
                return message;
            }
            out.println("skipped (an earlier run): " + body);
        }
    }
}
