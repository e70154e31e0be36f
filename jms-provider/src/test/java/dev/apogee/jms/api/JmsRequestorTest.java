package dev.apogee.jms.api;

import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueRequestor;
import jakarta.jms.QueueSession;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicRequestor;
import jakarta.jms.TopicSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Request/reply with the spec's helper classes (Jakarta Messaging §4.4.13 / the {@code QueueRequestor} and
 * {@code TopicRequestor} Javadoc): the requestor sends with JMSReplyTo set to a temporary destination of its session
 * and blocks on it; a responder on a MessageListener (another connection) answers to JMSReplyTo with the request's
 * correlation.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class JmsRequestorTest {
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void queueRequestorGetsTheListenersReplyOnItsTemporaryQueue() throws Exception {
        try (QueueConnection responder = broker.factory().createQueueConnection();
             QueueConnection requester = broker.factory().createQueueConnection()) {
            QueueSession rs = responder.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue service = rs.createQueue("requestor_q_" + System.nanoTime());
            answerWithUpperCase(rs, rs.createConsumer(service));
            responder.start();

            QueueSession qs = requester.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            requester.start();
            QueueRequestor requestor = new QueueRequestor(qs, service);
            for (String question : new String[] {"ping", "again"}) {
                TextMessage request = qs.createTextMessage(question);
                Message reply = requestor.request(request);
                assertNotNull(reply);
                assertEquals(question.toUpperCase(), ((TextMessage) reply).getText());
                assertEquals(request.getJMSMessageID(), reply.getJMSCorrelationID());
            }
            requestor.close();
        }
    }

    @Test
    void topicRequestorGetsTheSubscribersReplyOnItsTemporaryTopic() throws Exception {
        try (TopicConnection responder = broker.factory().createTopicConnection();
             TopicConnection requester = broker.factory().createTopicConnection()) {
            TopicSession rs = responder.createTopicSession(false, Session.AUTO_ACKNOWLEDGE);
            Topic service = rs.createTopic("requestor_t_" + System.nanoTime());
            answerWithUpperCase(rs, rs.createSubscriber(service)); // subscribed before the request is published
            responder.start();

            TopicSession ts = requester.createTopicSession(false, Session.AUTO_ACKNOWLEDGE);
            requester.start();
            TopicRequestor requestor = new TopicRequestor(ts, service);
            TextMessage request = ts.createTextMessage("hello");
            Message reply = requestor.request(request);
            assertNotNull(reply);
            assertEquals("HELLO", ((TextMessage) reply).getText());
            assertEquals(request.getJMSMessageID(), reply.getJMSCorrelationID());
            requestor.close();
        }
    }

    private static void answerWithUpperCase(Session session, jakarta.jms.MessageConsumer consumer) throws Exception {
        MessageProducer replies = session.createProducer(null);
        consumer.setMessageListener(m -> {
            try {
                TextMessage answer = session.createTextMessage(((TextMessage) m).getText().toUpperCase());
                answer.setJMSCorrelationID(m.getJMSMessageID());
                replies.send(m.getJMSReplyTo(), answer);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
