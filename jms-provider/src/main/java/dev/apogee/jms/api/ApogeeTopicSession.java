package dev.apogee.jms.api;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.QueueReceiver;
import jakarta.jms.QueueSender;
import jakarta.jms.TemporaryQueue;

/**
 * The session of {@code TopicConnection.createTopicSession} (JMS 1.1 publish/subscribe API): a session that refuses
 * what belongs to the point-to-point domain with {@code IllegalStateException}, as the {@code TopicSession} javadoc
 * requires. Everything else is the plain session's.
 */
final class ApogeeTopicSession extends ApogeeSession {

    ApogeeTopicSession(ApogeeConnection connection, int mode) {
        super(connection, mode);
    }

    private JMSException refused(String what) throws JMSException {
        checkClosed();
        return JmsExceptions.create(ErrorCode.ILLEGAL_STATE, what + " is not available on a TopicSession (use a"
                + " QueueSession or a Session)");
    }

    @Override
    public Queue createQueue(String queueName) throws JMSException {
        throw refused("createQueue");
    }

    @Override
    public TemporaryQueue createTemporaryQueue() throws JMSException {
        throw refused("createTemporaryQueue");
    }

    @Override
    public QueueBrowser createBrowser(Queue queue) throws JMSException {
        throw refused("createBrowser");
    }

    @Override
    public QueueBrowser createBrowser(Queue queue, String messageSelector) throws JMSException {
        throw refused("createBrowser");
    }

    @Override
    public QueueReceiver createReceiver(Queue queue) throws JMSException {
        throw refused("createReceiver");
    }

    @Override
    public QueueReceiver createReceiver(Queue queue, String messageSelector) throws JMSException {
        throw refused("createReceiver");
    }

    @Override
    public QueueSender createSender(Queue queue) throws JMSException {
        throw refused("createSender");
    }
}
