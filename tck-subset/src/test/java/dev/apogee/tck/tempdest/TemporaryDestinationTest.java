package dev.apogee.tck.tempdest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Temporary queues and topics (Jakarta Messaging 3.1 §6.2.2). */
class TemporaryDestinationTest extends TckTestBase {

    @Test
    @Spec({"6.2.2", "3.4.6"})
    @DisplayName("6.2.2 a temporary queue carries a request/reply exchange inside its connection")
    void temporaryQueueServesRequestReply() throws Exception {
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        TemporaryQueue replies = s.createTemporaryQueue();
        MessageConsumer consumer = s.createConsumer(replies);
        Message request = s.createTextMessage("ping");
        request.setJMSReplyTo(replies);
        s.createProducer(replies).send(request);
        Message got = receive(consumer);
        assertEquals(replies, got.getJMSReplyTo());
        assertEquals("ping", got.getBody(String.class));
    }

    @Test
    @Spec("6.2.2")
    @DisplayName("6.2.2 a temporary topic delivers to its subscribers")
    void temporaryTopicDelivers() throws Exception {
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        TemporaryTopic topic = s.createTemporaryTopic();
        MessageConsumer consumer = s.createConsumer(topic);
        sendTexts(s, topic, "event");
        assertEquals("event", receiveText(consumer));
    }

    @Test
    @Spec("6.2.2")
    @DisplayName("6.2.2 only the connection that created a temporary destination may consume from it")
    void onlyTheCreatingConnectionConsumes() throws Exception {
        Session own = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        TemporaryQueue queue = own.createTemporaryQueue();
        TemporaryTopic topic = own.createTemporaryTopic();
        Session other = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertThrows(JMSException.class, () -> other.createConsumer(queue));
        assertThrows(JMSException.class, () -> other.createConsumer(topic));
        sendTexts(other, queue, "from another connection"); // anyone may send to it
        assertEquals("from another connection", receiveText(own.createConsumer(queue)));
    }

    @Test
    @Spec("6.2.2")
    @DisplayName("6.2.2 delete fails while a consumer is open; a deleted destination cannot be consumed")
    void deleteRules() throws Exception {
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        TemporaryQueue queue = s.createTemporaryQueue();
        MessageConsumer consumer = s.createConsumer(queue);
        assertThrows(JMSException.class, queue::delete);
        consumer.close();
        queue.delete();
        assertThrows(JMSException.class, () -> s.createConsumer(queue));
        TemporaryTopic topic = s.createTemporaryTopic();
        topic.delete();
        assertThrows(JMSException.class, () -> s.createConsumer(topic));
    }

    @Test
    @Spec("6.2.2")
    @DisplayName("6.2.2 temporary destinations end with their connection")
    void temporaryDestinationsEndWithTheirConnection() throws Exception {
        Connection c = connection();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        TemporaryQueue queue = s.createTemporaryQueue();
        c.close();
        assertThrows(JMSException.class, queue::delete, "the connection that owned it is gone");
    }
}
