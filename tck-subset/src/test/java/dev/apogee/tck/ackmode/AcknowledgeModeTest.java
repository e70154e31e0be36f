package dev.apogee.tck.ackmode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The four acknowledgement modes and recover (Jakarta Messaging 3.1 §6.2.10, §3.4.7, §3.5.11). */
class AcknowledgeModeTest extends TckTestBase {

    @Test
    @Spec("6.2.10")
    @DisplayName("6.2.10 AUTO_ACKNOWLEDGE: a received message is not delivered again to a later consumer")
    void autoAcknowledgedMessageIsGone() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        sendTexts(s, queue, "a");
        MessageConsumer first = s.createConsumer(queue);
        assertEquals("a", receiveText(first));
        first.close();
        assertNoMessage(c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue));
    }

    @Test
    @Spec("6.2.10")
    @DisplayName("6.2.10 CLIENT_ACKNOWLEDGE: acknowledge() acknowledges every message the session consumed")
    void clientAcknowledgeCoversTheWholeSession() throws Exception {
        Queue q1 = queue();
        Queue q2 = queue();
        Connection c = startedConnection();
        Session sender = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        sendTexts(sender, q1, "a1", "a2");
        sendTexts(sender, q2, "b1");
        Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer c1 = s.createConsumer(q1);
        MessageConsumer c2 = s.createConsumer(q2);
        Message first = receive(c1);
        receive(c1);
        receive(c2);
        first.acknowledge(); // acknowledges a2 and b1 too
        s.close();
        Session again = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertNoMessage(again.createConsumer(q1));
        assertNoMessage(again.createConsumer(q2));
    }

    @Test
    @Spec("6.2.10")
    @DisplayName("6.2.10 CLIENT_ACKNOWLEDGE: unacknowledged messages are delivered again after the session closes")
    void unacknowledgedMessagesComeBack() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "u1", "u2");
        Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        assertEquals(List.of("u1", "u2"), sorted(receiveTexts(s.createConsumer(queue), 2)));
        s.close();
        MessageConsumer again = c.createSession(false, Session.CLIENT_ACKNOWLEDGE).createConsumer(queue);
        assertEquals(List.of("u1", "u2"), sorted(receiveTexts(again, 2)));
    }

    @Test
    @Spec({"6.2.10", "3.4.7", "3.5.11"})
    @DisplayName("6.2.10 recover() redelivers unacknowledged messages in order, flagged JMSRedelivered, count 2")
    void recoverRedeliversWithRedeliveryFlags() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "r0", "r1", "r2");
        Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(queue);
        // the order of sends is §6.2.9's business (SessionStateTest); here only what recover does to it matters
        Message acked = receive(consumer);
        assertFalse(acked.getJMSRedelivered());
        assertEquals(1, acked.getIntProperty("JMSXDeliveryCount"));
        acked.acknowledge();
        String unacked = receiveText(consumer);
        s.recover();
        Message again = receive(consumer);
        assertEquals(unacked, ((TextMessage) again).getText(), "recover restarts at the first unacknowledged message");
        assertTrue(again.getJMSRedelivered());
        assertEquals(2, again.getIntProperty("JMSXDeliveryCount"));
        Message last = receive(consumer);
        List<String> all = sorted(List.of(((TextMessage) acked).getText(), unacked, ((TextMessage) last).getText()));
        assertEquals(List.of("r0", "r1", "r2"), all, "the acknowledged message is not redelivered");
        assertFalse(last.getJMSRedelivered(), "it had not been delivered before recover");
        assertNoMessage(consumer);
    }

    @Test
    @Spec("6.2.10")
    @DisplayName("6.2.10 DUPS_OK_ACKNOWLEDGE delivers every message")
    void dupsOkDeliversEverything() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "d1", "d2", "d3");
        Session s = c.createSession(false, Session.DUPS_OK_ACKNOWLEDGE);
        assertEquals(List.of("d1", "d2", "d3"), sorted(receiveTexts(s.createConsumer(queue), 3)));
    }

    @Test
    @Spec("6.2.10")
    @DisplayName("6.2.10 Message.acknowledge() is ignored in AUTO_ACKNOWLEDGE and transacted sessions")
    void acknowledgeIsIgnoredOutsideClientMode() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        Session auto = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        sendTexts(auto, queue, "x");
        MessageConsumer autoConsumer = auto.createConsumer(queue);
        receive(autoConsumer).acknowledge();
        autoConsumer.close(); // one consumer of the queue at a time: the next must get y
        sendTexts(auto, queue, "y");
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        Message y = receive(tx.createConsumer(queue));
        y.acknowledge(); // no effect: only commit acknowledges
        tx.rollback();
        tx.close();
        assertEquals("y", receiveText(c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue)));
    }
}
