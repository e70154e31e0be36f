package dev.apogee.tck.context;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Topic;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** noLocal through the simplified API (Jakarta Messaging 3.1 §8.3.1, §8.3.3, §2.8). */
class NoLocalContextTest extends TckTestBase {

    @Test
    @Spec({"2.8", "8.3.1"})
    @DisplayName("8.3.1 a noLocal JMSConsumer skips its own context's messages and gets another connection's")
    void noLocalContextConsumer() throws Exception {
        Assumptions.assumeTrue(env().capabilities().noLocal(), "the provider does not implement noLocal");
        Topic topic = context().createTopic(uniqueName("nolocal"));
        JMSContext own = context();
        JMSConsumer consumer = own.createConsumer(topic, null, true);
        own.createProducer().send(topic, "own");
        JMSContext sibling = own.createContext(JMSContext.AUTO_ACKNOWLEDGE);
        closeLater(sibling);
        sibling.createProducer().send(topic, "same connection, other session");
        context().createProducer().send(topic, "remote");
        assertEquals("remote", receive(consumer).getBody(String.class));
        assertNoMessage(consumer);
    }

    @Test
    @Spec({"2.8", "8.3.3"})
    @DisplayName("8.3.3 a durable noLocal JMSConsumer keeps other connections' messages, not its own")
    void durableNoLocalContextConsumer() throws Exception {
        Assumptions.assumeTrue(env().capabilities().noLocal(), "the provider does not implement noLocal");
        Topic topic = context().createTopic(uniqueName("nolocal"));
        String name = uniqueName("nolocal");
        JMSContext own = context();
        own.setClientID(uniqueName("nolocal_client"));
        own.createDurableConsumer(topic, name, null, true).close();
        own.createProducer().send(topic, "own while offline");
        context().createProducer().send(topic, "remote while offline");
        JMSConsumer durable = own.createDurableConsumer(topic, name, null, true);
        assertEquals("remote while offline", receive(durable).getBody(String.class));
        assertNoMessage(durable);
        durable.close();
        own.unsubscribe(name);
    }
}
