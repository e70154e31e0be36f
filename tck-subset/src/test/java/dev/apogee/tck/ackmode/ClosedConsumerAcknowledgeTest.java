package dev.apogee.tck.ackmode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** CLIENT_ACKNOWLEDGE after the consumer that received the messages closed (Jakarta Messaging 3.1 §6.2.10, §8.8). */
class ClosedConsumerAcknowledgeTest extends TckTestBase {

    @Test
    @Spec({"6.2.10", "8.8"})
    @DisplayName("6.2.10 Message.acknowledge() after its consumer closed acknowledges the session's messages")
    void acknowledgeAfterClose() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "a1", "a2");
        Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(queue);
        receive(consumer);
        Message last = receive(consumer);
        consumer.close();
        last.acknowledge();
        s.close();
        assertNoMessage(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue));
    }

    @Test
    @Spec({"6.2.10", "8.8", "3.4.7"})
    @DisplayName("6.2.10 recover() after the consumer closed: its unacknowledged messages come again")
    void recoverAfterClose() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "unacked");
        Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(queue);
        assertEquals("unacked", receiveText(consumer));
        consumer.close();
        s.recover();
        MessageConsumer again = s.createConsumer(queue);
        Message m = receive(again);
        assertEquals("unacked", ((TextMessage) m).getText());
        assertTrue(m.getJMSRedelivered());
        m.acknowledge();
        assertNoMessage(again);
    }
}
