package dev.apogee.tck.transaction;

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

/**
 * A consumer closed before its transacted session commits or rolls back (Jakarta Messaging 3.1 §6.2.7, §8.8): the
 * messages it received stay part of the session's transaction, as Spring's JmsTransactionManager and Camel's
 * transacted routes rely on (receive, close the consumer, send, commit).
 */
class ClosedConsumerTransactionTest extends TckTestBase {

    @Test
    @Spec({"6.2.7", "8.8"})
    @DisplayName("8.8 commit after the consumer closed consumes what it received")
    void commitAfterCloseConsumes() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "once");
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageConsumer consumer = tx.createConsumer(queue);
        assertEquals("once", receiveText(consumer));
        consumer.close();
        tx.commit();
        assertNoMessage(tx.createConsumer(queue));
        assertNoMessage(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue));
    }

    @Test
    @Spec({"6.2.7", "8.8", "3.4.7", "3.5.11"})
    @DisplayName("8.8 rollback after the consumer closed delivers its messages again, flagged redelivered")
    void rollbackAfterCloseRedelivers() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "r1", "r2");
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageConsumer consumer = tx.createConsumer(queue);
        Message first = receive(consumer);
        assertFalse(first.getJMSRedelivered());
        assertEquals(1, first.getIntProperty("JMSXDeliveryCount"));
        receive(consumer);
        consumer.close();
        tx.rollback();
        MessageConsumer again = tx.createConsumer(queue);
        Message r1 = receive(again);
        Message r2 = receive(again);
        assertEquals(List.of("r1", "r2"), sorted(List.of(((TextMessage) r1).getText(), ((TextMessage) r2).getText())));
        for (Message m : List.of(r1, r2)) {
            assertTrue(m.getJMSRedelivered(), "JMSRedelivered");
            assertEquals(2, m.getIntProperty("JMSXDeliveryCount"));
        }
        tx.commit();
        assertNoMessage(again);
    }

    @Test
    @Spec({"6.2.7", "6.2.1", "8.8"})
    @DisplayName("6.2.1 closing the session after the consumer rolls its uncommitted receive back")
    void sessionCloseAfterConsumerCloseRollsBack() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "uncommitted");
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageConsumer consumer = tx.createConsumer(queue);
        assertEquals("uncommitted", receiveText(consumer));
        consumer.close();
        tx.close();
        MessageConsumer later = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE)
                .createConsumer(queue);
        Message m = receive(later);
        assertEquals("uncommitted", ((TextMessage) m).getText());
        assertTrue(m.getJMSRedelivered());
        assertNoMessage(later);
    }

    @Test
    @Spec({"6.2.7", "8.8"})
    @DisplayName("8.8 a receive-close-send-commit loop forwards each message exactly once")
    void receiveCloseSendCommitLoopForwardsEachOnce() throws Exception {
        Queue in = queue();
        Queue out = queue();
        Connection c = startedConnection();
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        int count = 40;
        String[] texts = new String[count];
        for (int i = 0; i < count; i++) {
            texts[i] = "m" + i;
        }
        sendTexts(plain, in, texts);
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        var forward = tx.createProducer(out);
        for (int i = 0; i < count; i++) {
            MessageConsumer consumer = tx.createConsumer(in);
            Message m = receive(consumer);
            consumer.close();
            forward.send(m);
            tx.commit();
        }
        MessageConsumer rest = tx.createConsumer(in);
        assertNoMessage(rest);
        rest.close();
        MessageConsumer outConsumer = plain.createConsumer(out);
        List<String> forwarded = receiveTexts(outConsumer, count);
        assertEquals(sorted(List.of(texts)), sorted(forwarded));
        assertNoMessage(outConsumer);
    }
}
