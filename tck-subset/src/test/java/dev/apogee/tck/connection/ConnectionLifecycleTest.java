package dev.apogee.tck.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.IllegalStateException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Connection start, stop and close (Jakarta Messaging 3.1 §6.1). */
class ConnectionLifecycleTest extends TckTestBase {

    @Test
    @Spec("6.1.5")
    @DisplayName("6.1.5 a stopped connection delivers nothing to receive; start resumes delivery")
    void receiveGetsNothingWhileTheConnectionIsStopped() throws Exception {
        Queue queue = queue();
        Session sender = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        Connection c = connection(); // created stopped
        MessageConsumer consumer = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue);
        sendTexts(sender, queue, "one");
        assertNoMessage(consumer);
        c.start();
        assertEquals("one", receiveText(consumer));

        c.stop();
        sendTexts(sender, queue, "two");
        assertNoMessage(consumer);
        assertNull(consumer.receiveNoWait());
        c.start();
        assertEquals("two", receiveText(consumer));
    }

    @Test
    @Spec("6.1.5")
    @DisplayName("6.1.5 start and stop are idempotent")
    void startAndStopAreIdempotent() throws Exception {
        Connection c = connection();
        c.start();
        c.start();
        c.stop();
        c.stop();
        c.start();
        Queue queue = queue();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        sendTexts(s, queue, "x");
        assertEquals("x", receiveText(s.createConsumer(queue)));
    }

    @Test
    @Spec("6.1.8")
    @DisplayName("6.1.8 close is idempotent; a closed connection and its sessions refuse use")
    void closedConnectionRefusesUse() throws Exception {
        Connection c = connection();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        c.close();
        c.close();
        assertThrows(IllegalStateException.class, () -> c.createSession(false, Session.AUTO_ACKNOWLEDGE));
        assertThrows(IllegalStateException.class, c::start);
        assertThrows(IllegalStateException.class, () -> s.createProducer(null));
        assertThrows(IllegalStateException.class, s::createTextMessage);
    }

    @Test
    @Spec({"6.1.8", "6.1.5"})
    @DisplayName("6.1.8/6.1.5 close and stop called from the connection's MessageListener: IllegalStateException")
    void closeAndStopFromOwnListenerAreIllegal() throws Exception {
        Queue queue = queue();
        Connection c = connection();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        CompletableFuture<Throwable> fromClose = new CompletableFuture<>();
        CompletableFuture<Throwable> fromStop = new CompletableFuture<>();
        s.createConsumer(queue).setMessageListener(m -> {
            fromClose.complete(thrownBy(c::close));
            fromStop.complete(thrownBy(c::stop));
        });
        sendTexts(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "x");
        c.start();
        assertInstanceOf(IllegalStateException.class, fromClose.get(timeout(), TimeUnit.MILLISECONDS));
        assertInstanceOf(IllegalStateException.class, fromStop.get(timeout(), TimeUnit.MILLISECONDS));
    }

    @Test
    @Spec("6.1.6")
    @DisplayName("6.1.6 ConnectionMetaData reports Jakarta Messaging 3.1 and lists JMSXDeliveryCount")
    void metaDataReportsTheSpecVersion() throws Exception {
        ConnectionMetaData md = connection().getMetaData();
        assertEquals(3, md.getJMSMajorVersion());
        assertEquals(1, md.getJMSMinorVersion());
        assertEquals("3.1", md.getJMSVersion());
        boolean deliveryCount = false;
        for (var names = md.getJMSXPropertyNames(); names.hasMoreElements(); ) {
            deliveryCount |= "JMSXDeliveryCount".equals(names.nextElement());
        }
        assertTrue(deliveryCount, "JMSXDeliveryCount is mandatory, so it is listed");
    }

    private interface JmsAction {
        void run() throws Exception;
    }

    private static Throwable thrownBy(JmsAction action) {
        try {
            action.run();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }
}
