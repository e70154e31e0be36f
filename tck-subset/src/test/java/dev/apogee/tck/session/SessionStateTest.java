package dev.apogee.tck.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Session modes, illegal states and message order (Jakarta Messaging 3.1 §6.2). */
class SessionStateTest extends TckTestBase {

    @Test
    @Spec("6.2.1")
    @DisplayName("6.2.1 a closed session, its producers and consumers refuse use; close is idempotent")
    void closedSessionRefusesUse() throws Exception {
        Queue queue = queue();
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer producer = s.createProducer(queue);
        MessageConsumer consumer = s.createConsumer(queue);
        s.close();
        s.close();
        assertThrows(IllegalStateException.class, s::createTextMessage);
        assertThrows(IllegalStateException.class, () -> s.createConsumer(queue));
        assertThrows(IllegalStateException.class, s::getTransacted);
        assertThrows(IllegalStateException.class, () -> producer.send(s.createMessage()));
        assertThrows(IllegalStateException.class, () -> consumer.receiveNoWait());
    }

    @Test
    @Spec("6.2.1")
    @DisplayName("6.2.1 a MessageListener closing its own session gets IllegalStateException")
    void listenerCannotCloseItsOwnSession() throws Exception {
        Queue queue = queue();
        Connection c = connection();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        java.util.concurrent.CompletableFuture<Throwable> thrown = new java.util.concurrent.CompletableFuture<>();
        s.createConsumer(queue).setMessageListener(m -> {
            try {
                s.close();
                thrown.complete(null);
            } catch (Throwable t) {
                thrown.complete(t);
            }
        });
        sendTexts(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "x");
        c.start();
        assertInstanceOf(IllegalStateException.class,
                thrown.get(timeout(), java.util.concurrent.TimeUnit.MILLISECONDS));
    }

    @Test
    @Spec({"6.2.7", "6.2.10"})
    @DisplayName("6.2.7/6.2.10 commit and rollback need a transacted session; recover needs a non-transacted one")
    void transactionMethodsMatchTheSessionMode() throws Exception {
        Connection c = connection();
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertThrows(IllegalStateException.class, plain::commit);
        assertThrows(IllegalStateException.class, plain::rollback);
        Session transacted = c.createSession(true, Session.SESSION_TRANSACTED);
        assertThrows(IllegalStateException.class, transacted::recover);
    }

    @Test
    @Spec({"6.2.7", "6.2.10"})
    @DisplayName("6.2.7/6.2.10 the session reports its mode; transacted ignores the acknowledge mode argument")
    void sessionReportsItsMode() throws Exception {
        Connection c = connection();
        Session transacted = c.createSession(true, Session.AUTO_ACKNOWLEDGE);
        assertTrue(transacted.getTransacted());
        assertEquals(Session.SESSION_TRANSACTED, transacted.getAcknowledgeMode());
        for (int mode : new int[] {Session.AUTO_ACKNOWLEDGE, Session.CLIENT_ACKNOWLEDGE, Session.DUPS_OK_ACKNOWLEDGE}) {
            Session s = c.createSession(mode);
            assertFalse(s.getTransacted());
            assertEquals(mode, s.getAcknowledgeMode());
        }
        assertEquals(Session.AUTO_ACKNOWLEDGE, c.createSession().getAcknowledgeMode());
        assertEquals(Session.SESSION_TRANSACTED, c.createSession(Session.SESSION_TRANSACTED).getAcknowledgeMode());
    }

    @Test
    @Spec("6.2.10")
    @DisplayName("6.2.10 createSession refuses an acknowledge mode that is not one of the four")
    void unknownSessionModeIsRefused() throws Exception {
        Connection c = connection();
        assertThrows(JMSException.class, () -> c.createSession(false, 99));
        assertThrows(JMSException.class, () -> c.createSession(99));
        assertThrows(jakarta.jms.JMSRuntimeException.class, () -> env().connectionFactory().createContext(99));
    }

    @Test
    @Spec("6.2.9")
    @DisplayName("6.2.9 messages of one session to one queue reach its single consumer in the order sent")
    void oneSessionsMessagesArriveInOrder() throws Exception {
        Queue queue = queue();
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            sent.add("m" + i);
        }
        sendTexts(s, queue, sent.toArray(String[]::new));
        assertEquals(sent, receiveTexts(s.createConsumer(queue), sent.size()));
    }
}
