package dev.apogee.tck.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Local (session) transactions (Jakarta Messaging 3.1 §6.2.7, §6.1.8). */
class LocalTransactionTest extends TckTestBase {

    @Test
    @Spec("6.2.7")
    @DisplayName("6.2.7 messages sent in a transaction are invisible until commit")
    void sendsAreDeliveredAtCommit() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageConsumer observer = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue);
        MessageProducer p = tx.createProducer(queue);
        p.send(tx.createTextMessage("t1"));
        p.send(tx.createTextMessage("t2"));
        assertNoMessage(observer);
        tx.commit();
        assertEquals(List.of("t1", "t2"), sorted(receiveTexts(observer, 2)));
    }

    @Test
    @Spec("6.2.7")
    @DisplayName("6.2.7 rollback discards the transaction's sends")
    void rollbackDiscardsSends() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageProducer p = tx.createProducer(queue);
        p.send(tx.createTextMessage("discarded"));
        tx.rollback();
        p.send(tx.createTextMessage("kept"));
        tx.commit();
        MessageConsumer observer = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue);
        assertEquals("kept", receiveText(observer));
        assertNoMessage(observer);
    }

    @Test
    @Spec({"6.2.7", "3.4.7", "3.5.11"})
    @DisplayName("6.2.7 rollback redelivers the consumed messages, flagged redelivered; commit consumes them")
    void rollbackRedeliversAndCommitConsumes() throws Exception {
        Queue queue = queue();
        Connection c = startedConnection();
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "r");
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageConsumer consumer = tx.createConsumer(queue);
        Message first = receive(consumer);
        assertFalse(first.getJMSRedelivered());
        tx.rollback();
        Message again = receive(consumer);
        assertEquals("r", ((TextMessage) again).getText());
        assertTrue(again.getJMSRedelivered());
        assertEquals(2, again.getIntProperty("JMSXDeliveryCount"));
        tx.commit();
        tx.close();
        assertNoMessage(c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue));
    }

    @Test
    @Spec({"6.2.7", "6.1.8"})
    @DisplayName("6.1.8 closing a connection rolls back its open transaction: consumed messages come back")
    void closingTheConnectionRollsBack() throws Exception {
        Queue queue = queue();
        Connection sender = startedConnection();
        sendTexts(sender.createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "in-flight");
        Connection c = startedConnection();
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        assertEquals("in-flight", receiveText(tx.createConsumer(queue)));
        tx.createProducer(queue).send(tx.createTextMessage("never committed"));
        c.close();
        MessageConsumer later = sender.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue);
        assertEquals("in-flight", receiveText(later));
        assertNoMessage(later);
    }
}
