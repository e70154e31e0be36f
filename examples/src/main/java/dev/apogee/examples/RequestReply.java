package dev.apogee.examples;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueConnectionFactory;
import jakarta.jms.QueueRequestor;
import jakarta.jms.QueueSession;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;

import java.io.PrintStream;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Request/reply over the queue {@code requests}: a responder answers each request on the request's
 * {@code JMSReplyTo}; the requester asks twice, once by hand with a temporary queue and a bounded wait, once with
 * {@link QueueRequestor} (which creates the temporary queue itself and waits without a time limit).
 */
public final class RequestReply {
    static final long REPLY_TIMEOUT_MILLIS = 10_000;

    private RequestReply() {
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
        Queue requests = (Queue) jndi.lookup("requests");
        try (Connection responder = startResponder(factory, requests, out);
             QueueConnection requester = ((QueueConnectionFactory) factory).createQueueConnection()) {
            QueueSession session = requester.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            requester.start();
            askWithTemporaryQueue(session, requests, "hello", out);
            askWithRequestor(session, requests, "goodbye", out);
        }
    }

    /** Replies with the request's text in upper case, correlated by the request's message id. */
    private static Connection startResponder(ConnectionFactory factory, Queue requests, PrintStream out)
            throws JMSException {
        Connection connection = factory.createConnection();
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer replies = session.createProducer(null); // the destination comes with each request
        session.createConsumer(requests).setMessageListener(request -> {
            try {
                if (request.getJMSReplyTo() == null) {
                    out.println("responder: ignored a request without JMSReplyTo");
                    return;
                }
                TextMessage reply = session.createTextMessage(((TextMessage) request).getText().toUpperCase());
                reply.setJMSCorrelationID(request.getJMSMessageID());
                replies.send(request.getJMSReplyTo(), reply);
            } catch (JMSException e) {
                // a request left by an earlier run may name a temporary queue that no longer exists
                out.println("responder: could not reply: " + e.getMessage());
            }
        });
        connection.start();
        return connection;
    }

    private static void askWithTemporaryQueue(QueueSession session, Queue requests, String text, PrintStream out)
            throws JMSException {
        TemporaryQueue replyQueue = session.createTemporaryQueue();
        MessageConsumer replies = session.createConsumer(replyQueue);
        TextMessage request = session.createTextMessage(text);
        request.setJMSReplyTo(replyQueue);
        session.createProducer(requests).send(request);
        out.println("request: " + text);
        Message reply = replies.receive(REPLY_TIMEOUT_MILLIS);
        if (reply == null) {
            throw new IllegalStateException("no reply within " + REPLY_TIMEOUT_MILLIS + " ms");
        }
        if (!request.getJMSMessageID().equals(reply.getJMSCorrelationID())) {
            throw new IllegalStateException("the reply is correlated with " + reply.getJMSCorrelationID()
                    + ", not with the request " + request.getJMSMessageID());
        }
        out.println("reply: " + ((TextMessage) reply).getText());
        replies.close();
        replyQueue.delete();
    }

    private static void askWithRequestor(QueueSession session, Queue requests, String text, PrintStream out)
            throws JMSException {
        QueueRequestor requestor = new QueueRequestor(session, requests);
        try {
            out.println("request: " + text);
            Message reply = requestor.request(session.createTextMessage(text));
            out.println("reply: " + ((TextMessage) reply).getText());
        } finally {
            requestor.close(); // also deletes its temporary queue
        }
    }
}
