package dev.apogee.tck.context;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.InvalidClientIDRuntimeException;
import jakarta.jms.InvalidDestinationRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.Queue;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The simplified API: JMSContext, JMSProducer, JMSConsumer (Jakarta Messaging 3.1 §2.8, §8.6). */
class JmsContextTest extends TckTestBase {

    @Test
    @Spec("2.8")
    @DisplayName("2.8 JMSContext reports failures as unchecked JMSRuntimeExceptions")
    void failuresAreUnchecked() {
        JMSContext ctx = context();
        assertThrows(IllegalStateRuntimeException.class, ctx::commit);
        assertThrows(IllegalStateRuntimeException.class, ctx::rollback);
        JMSContext tx = context(JMSContext.SESSION_TRANSACTED);
        assertThrows(IllegalStateRuntimeException.class, tx::recover);
        assertThrows(InvalidDestinationRuntimeException.class, () -> ctx.createProducer().send(null, "x"));
        ctx.close();
        ctx.close();
        assertThrows(IllegalStateRuntimeException.class, ctx::createMessage);
    }

    @Test
    @Spec({"2.8", "6.1.2"})
    @DisplayName("2.8 createContext(mode) shares the connection (same client id); it outlives the first context")
    void derivedContextsShareTheConnection() throws Exception {
        JMSContext first = context();
        String id = uniqueName("ctx");
        first.setClientID(id);
        JMSContext second = closeLater(first.createContext(JMSContext.CLIENT_ACKNOWLEDGE));
        assertEquals(id, second.getClientID());
        assertEquals(JMSContext.CLIENT_ACKNOWLEDGE, second.getSessionMode());
        assertThrows(InvalidClientIDRuntimeException.class, () -> context().setClientID(id));
        first.close();
        Queue queue = queue();
        second.createProducer().send(queue, "still open");
        assertEquals("still open", second.createConsumer(queue).receiveBody(String.class, timeout()));
    }

    @Test
    @Spec({"2.8", "6.1.2"})
    @DisplayName("2.8 JMSContext.getClientID answers the id set on it and the one its factory configures")
    void contextClientId() throws Exception {
        JMSContext plain = context();
        assertNull(plain.getClientID(), "the factory configures no client id");
        String set = uniqueName("ctx.set");
        plain.setClientID(set);
        assertEquals(set, plain.getClientID());
        assertEquals(set, closeLater(plain.createContext(JMSContext.AUTO_ACKNOWLEDGE)).getClientID());

        String configured = uniqueName("ctx.factory");
        JMSContext fromFactory = closeLater(env().connectionFactory(configured).createContext());
        assertEquals(configured, fromFactory.getClientID());
        assertThrows(IllegalStateRuntimeException.class, () -> fromFactory.setClientID(uniqueName("other")));
        assertEquals(configured, fromFactory.getClientID());
    }

    @Test
    @Spec({"2.8", "6.1.2"})
    @DisplayName("2.8 setClientID on a context that was already used throws IllegalStateRuntimeException")
    void contextClientIdOnlyBeforeUse() throws Exception {
        JMSContext ctx = context();
        ctx.createProducer().send(queue(), "use");
        assertThrows(IllegalStateRuntimeException.class, () -> ctx.setClientID(uniqueName("late")));
    }

    @Test
    @Spec({"2.8", "6.2.10"})
    @DisplayName("2.8 a CLIENT_ACKNOWLEDGE context acknowledges with acknowledge() and redelivers with recover()")
    void clientAcknowledgeContext() throws Exception {
        Queue queue = queue();
        JMSContext ctx = context(JMSContext.CLIENT_ACKNOWLEDGE);
        ctx.createProducer().send(queue, "ack me");
        JMSConsumer consumer = ctx.createConsumer(queue);
        assertEquals("ack me", receive(consumer).getBody(String.class));
        ctx.recover();
        Message again = receive(consumer);
        assertTrue(again.getJMSRedelivered());
        ctx.acknowledge();
        ctx.recover();
        assertNoMessage(consumer);
    }

    @Test
    @Spec({"2.8", "8.4"})
    @DisplayName("2.8 autoStart: a consumer starts the connection unless autoStart is off; then start() does")
    void autoStart() throws Exception {
        Queue queue = queue();
        context().createProducer().send(queue, "go");
        JMSContext manual = context();
        assertTrue(manual.getAutoStart());
        manual.setAutoStart(false);
        assertFalse(manual.getAutoStart());
        JMSConsumer consumer = manual.createConsumer(queue);
        assertNoMessage(consumer);
        manual.start();
        assertEquals("go", consumer.receiveBody(String.class, timeout()));
    }

    @Test
    @Spec({"2.8", "3.5.4"})
    @DisplayName("2.8 JMSProducer: fluent settings and properties apply to every message it sends")
    void producerPropertiesApplyToEveryMessage() throws Exception {
        Queue queue = queue();
        JMSContext ctx = context();
        JMSProducer p = ctx.createProducer();
        assertSame(p, p.setProperty("count", 7).setProperty("label", "blue").setJMSType("fluent").setPriority(6));
        assertEquals(7L, p.getLongProperty("count"), "the Message conversion rules apply");
        assertEquals("7", p.getStringProperty("count"));
        assertTrue(p.propertyExists("label"));
        assertEquals(Set.of("count", "label"), new HashSet<>(p.getPropertyNames()));
        assertThrows(MessageFormatRuntimeException.class, () -> p.getBooleanProperty("count"));
        p.send(queue, "one").send(queue, Map.of("k", "v"));
        JMSConsumer consumer = ctx.createConsumer(queue);
        for (int i = 0; i < 2; i++) {
            Message m = receive(consumer);
            assertEquals(7, m.getIntProperty("count"));
            assertEquals("blue", m.getStringProperty("label"));
            assertEquals("fluent", m.getJMSType());
            assertEquals(6, m.getJMSPriority());
        }
        p.clearProperties();
        assertFalse(p.propertyExists("label"));
    }

    @Test
    @Spec({"2.8", "8.6"})
    @DisplayName("8.6 receiveBody returns each body type; null when nothing arrives")
    void receiveBodyOfEveryType() throws Exception {
        Queue queue = queue();
        JMSContext ctx = context();
        JMSProducer p = ctx.createProducer();
        JMSConsumer consumer = ctx.createConsumer(queue);
        p.send(queue, "text");
        assertEquals("text", consumer.receiveBody(String.class, timeout()));
        p.send(queue, new byte[] {1, 2, 3});
        assertArrayEquals(new byte[] {1, 2, 3}, consumer.receiveBody(byte[].class, timeout()));
        p.send(queue, Map.<String, Object>of("n", 1));
        assertEquals(Map.of("n", 1), consumer.receiveBody(Map.class, timeout()));
        p.send(queue, new java.util.ArrayList<>(java.util.List.of("serializable")));
        assertEquals(java.util.List.of("serializable"), consumer.receiveBody(java.io.Serializable.class, timeout()));
        assertNull(consumer.receiveBodyNoWait(String.class));
    }

    @Test
    @Spec("8.6")
    @DisplayName("8.6 AUTO_ACKNOWLEDGE: a receiveBody of the wrong type fails and the message is delivered again")
    void failedReceiveBodyLeavesTheMessage() throws Exception {
        Queue queue = queue();
        JMSContext ctx = context(JMSContext.AUTO_ACKNOWLEDGE);
        ctx.createProducer().send(queue, "not bytes");
        JMSConsumer consumer = ctx.createConsumer(queue);
        assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(byte[].class, timeout()));
        Message again = receive(consumer);
        assertEquals("not bytes", again.getBody(String.class));
        assertFalse(again.getJMSRedelivered(), "as if the failed call had not happened");
    }

    @Test
    @Spec({"2.8", "6.2.7"})
    @DisplayName("2.8 a transacted context commits and rolls back like a transacted session")
    void transactedContext() throws Exception {
        Queue queue = queue();
        JMSContext tx = context(JMSContext.SESSION_TRANSACTED);
        assertTrue(tx.getTransacted());
        tx.createProducer().send(queue, "rolled back");
        tx.rollback();
        tx.createProducer().send(queue, "committed");
        tx.commit();
        JMSConsumer consumer = context().createConsumer(queue);
        assertEquals("committed", consumer.receiveBody(String.class, timeout()));
        assertNoMessage(consumer);
    }
}
