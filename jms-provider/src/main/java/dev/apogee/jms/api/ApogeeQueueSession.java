package dev.apogee.jms.api;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.Topic;
import jakarta.jms.TopicPublisher;
import jakarta.jms.TopicSubscriber;

/**
 * The session of {@code QueueConnection.createQueueSession} (JMS 1.1 point-to-point API): a session that refuses
 * what belongs to the publish/subscribe domain with {@code IllegalStateException}, as the {@code QueueSession}
 * javadoc requires. Everything else is the plain session's.
 */
final class ApogeeQueueSession extends ApogeeSession {

    ApogeeQueueSession(ApogeeConnection connection, int mode) {
        super(connection, mode);
    }

    private JMSException refused(String what) throws JMSException {
        checkClosed();
        return JmsExceptions.create(ErrorCode.ILLEGAL_STATE, what + " is not available on a QueueSession (use a"
                + " TopicSession or a Session)");
    }

    @Override
    public Topic createTopic(String topicName) throws JMSException {
        throw refused("createTopic");
    }

    @Override
    public TemporaryTopic createTemporaryTopic() throws JMSException {
        throw refused("createTemporaryTopic");
    }

    @Override
    public MessageConsumer createSharedConsumer(Topic topic, String name, String messageSelector)
            throws JMSException {
        throw refused("createSharedConsumer");
    }

    @Override
    public MessageConsumer createSharedConsumer(Topic topic, String name) throws JMSException {
        throw refused("createSharedConsumer");
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(Topic topic, String name, String messageSelector)
            throws JMSException {
        throw refused("createSharedDurableConsumer");
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(Topic topic, String name) throws JMSException {
        throw refused("createSharedDurableConsumer");
    }

    @Override
    public TopicSubscriber createDurableSubscriber(Topic topic, String name, String messageSelector,
            boolean noLocal) throws JMSException {
        throw refused("createDurableSubscriber");
    }

    @Override
    public TopicSubscriber createDurableSubscriber(Topic topic, String name) throws JMSException {
        throw refused("createDurableSubscriber");
    }

    @Override
    public MessageConsumer createDurableConsumer(Topic topic, String name, String messageSelector,
            boolean noLocal) throws JMSException {
        throw refused("createDurableConsumer");
    }

    @Override
    public MessageConsumer createDurableConsumer(Topic topic, String name) throws JMSException {
        throw refused("createDurableConsumer");
    }

    @Override
    public void unsubscribe(String name) throws JMSException {
        throw refused("unsubscribe");
    }

    @Override
    public TopicSubscriber createSubscriber(Topic topic) throws JMSException {
        throw refused("createSubscriber");
    }

    @Override
    public TopicSubscriber createSubscriber(Topic topic, String messageSelector, boolean noLocal)
            throws JMSException {
        throw refused("createSubscriber");
    }

    @Override
    public TopicPublisher createPublisher(Topic topic) throws JMSException {
        throw refused("createPublisher");
    }
}
