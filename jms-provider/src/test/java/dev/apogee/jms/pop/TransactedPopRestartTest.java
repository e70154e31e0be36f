package dev.apogee.jms.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.jms.tx.TxBroker;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A transacted session consuming a queue by POP: the commit acks what it received in the same atomic step as its
 * sends, so after a (clean) broker restart a committed receive never comes again and its send is there once; a
 * rollback gives back just the rolled-back message, which comes again counted.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TransactedPopRestartTest {
    private static TxBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = TxBroker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void committedReceiveStaysConsumedAndRolledBackOneComesAgainAfterARestart() throws Exception {
        String suffix = "_" + System.nanoTime() % 100_000;
        try (Connection c = broker.factory().createConnection()) {
            c.start();
            Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue in = plain.createQueue("TXPOP_IN" + suffix);
            Queue out = plain.createQueue("TXPOP_OUT" + suffix);
            for (String text : new String[] {"m1", "m2", "m3"}) {
                plain.createProducer(in).send(plain.createTextMessage(text));
            }
            Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
            MessageConsumer consumer = tx.createConsumer(in);
            assertEquals("m1", text(consumer.receive(10_000)));
            tx.createProducer(out).send(tx.createTextMessage("out-1"));
            tx.commit();
            assertEquals("m2", text(consumer.receive(10_000)));
            tx.createProducer(out).send(tx.createTextMessage("never"));
            tx.rollback();
        }

        broker.restartBroker();

        try (Connection c = broker.factory().createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            MessageConsumer fromIn = s.createConsumer(s.createQueue("TXPOP_IN" + suffix));
            Map<String, Message> again = new HashMap<>();
            for (Message m = fromIn.receive(15_000); m != null; m = fromIn.receive(2_000)) {
                assertNull(again.put(text(m), m), "delivered once: " + text(m));
            }
            assertEquals(java.util.Set.of("m2", "m3"), again.keySet(), "m1 was committed, m2 rolled back");
            assertTrue(again.get("m2").getJMSRedelivered());
            assertEquals(2, again.get("m2").getIntProperty("JMSXDeliveryCount"));
            assertFalse(again.get("m3").getJMSRedelivered());
            assertEquals(1, again.get("m3").getIntProperty("JMSXDeliveryCount"));
            MessageConsumer fromOut = s.createConsumer(s.createQueue("TXPOP_OUT" + suffix));
            Message sent = fromOut.receive(10_000);
            assertNotNull(sent);
            assertEquals("out-1", text(sent));
            assertNull(fromOut.receive(1_000), "the rolled-back send never arrives, the committed one once");
            sent.acknowledge();
        }
    }

    private static String text(Message m) throws Exception {
        assertNotNull(m, "a message");
        return ((TextMessage) m).getText();
    }
}
