package dev.apogee.tck.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A second consumer on a named subscription that has an active consumer must agree with it on topic and selector
 * (Jakarta Messaging 3.1 §8.3.2, §8.3.4): otherwise JMSException (JMSRuntimeException from a JMSContext) and the
 * subscription is left as it is; without an active consumer a shared durable subscription is replaced.
 */
class SubscriptionConflictTest extends TckTestBase {

    @Test
    @Spec("8.3.2")
    @DisplayName("8.3.2 shared: another selector or topic while a consumer is active throws JMSException")
    void sharedNonDurableConflicts() throws Exception {
        Topic topic = topic();
        String name = uniqueName("conflict");
        Connection c = startedConnection();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer first = s.createSharedConsumer(topic, name, "kind = 'a'");
        assertThrows(JMSException.class, () -> s.createSharedConsumer(topic, name, "kind = 'b'"));
        assertThrows(JMSException.class, () -> s.createSharedConsumer(topic, name));
        assertThrows(JMSException.class, () -> s.createSharedConsumer(topic(), name, "kind = 'a'"));
        MessageConsumer second = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE)
                .createSharedConsumer(topic, name, "kind = 'a'");
        TextMessage m = s.createTextMessage("still a's");
        m.setStringProperty("kind", "a");
        s.createProducer(topic).send(m);
        String got = null;
        for (int i = 0; i < 40 && got == null; i++) {
            for (MessageConsumer consumer : new MessageConsumer[] {first, second}) {
                TextMessage r = (TextMessage) consumer.receive(50);
                if (r != null) {
                    got = r.getText();
                }
            }
        }
        assertEquals("still a's", got, "the subscription kept its selector");
    }

    @Test
    @Spec("8.3.2")
    @DisplayName("8.3.2 shared from a JMSContext: another selector while active throws JMSRuntimeException")
    void sharedConflictFromContext() throws Exception {
        Topic topic = topic();
        String name = uniqueName("conflict");
        JMSContext ctx = context();
        ctx.createSharedConsumer(topic, name, "kind = 'a'");
        assertThrows(JMSRuntimeException.class, () -> ctx.createSharedConsumer(topic, name, "kind = 'b'"));
        assertThrows(JMSRuntimeException.class, () -> context().createSharedConsumer(topic(), name, "kind = 'a'"));
    }

    @Test
    @Spec("8.3.2")
    @DisplayName("8.3.2 shared: after its last consumer closed, another selector starts a new subscription")
    void sharedAfterCloseMayChange() throws Exception {
        Topic topic = topic();
        String name = uniqueName("conflict");
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        s.createSharedConsumer(topic, name, "kind = 'a'").close();
        MessageConsumer b = s.createSharedConsumer(topic, name, "kind = 'b'");
        TextMessage m = s.createTextMessage("b");
        m.setStringProperty("kind", "b");
        s.createProducer(topic).send(m);
        assertEquals("b", receiveText(b));
    }

    @Test
    @Spec("8.3.4")
    @DisplayName("8.3.4 shared durable: another selector or topic while a consumer is active throws JMSException")
    void sharedDurableConflicts() throws Exception {
        Topic topic = topic();
        String name = uniqueName("conflict");
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer first = s.createSharedDurableConsumer(topic, name, "kind = 'a'");
        assertThrows(JMSException.class, () -> s.createSharedDurableConsumer(topic, name, "kind = 'b'"));
        assertThrows(JMSException.class, () -> s.createSharedDurableConsumer(topic(), name, "kind = 'a'"));
        JMSContext ctx = context();
        assertThrows(JMSRuntimeException.class, () -> ctx.createSharedDurableConsumer(topic, name));
        first.close();
        s.unsubscribe(name);
    }

    @Test
    @Spec("8.3.4")
    @DisplayName("8.3.4 shared durable without an active consumer: another selector replaces it (old messages gone)")
    void sharedDurableReplacedWhenInactive() throws Exception {
        Topic topic = topic();
        String name = uniqueName("replace");
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        s.createSharedDurableConsumer(topic, name, "kind = 'a'").close();
        TextMessage old = s.createTextMessage("kept for the old one");
        old.setStringProperty("kind", "a");
        s.createProducer(topic).send(old);
        MessageConsumer replaced = s.createSharedDurableConsumer(topic, name);
        assertNoMessage(replaced);
        sendTexts(s, topic, "new");
        assertEquals("new", receiveText(replaced));
        replaced.close();
        s.unsubscribe(name);
    }

    @Test
    @Spec("8.3.4")
    @DisplayName("8.3.4 shared durable reopened with the same selector resumes: stored messages are delivered")
    void sharedDurableSameSelectorResumes() throws Exception {
        Topic topic = topic();
        String name = uniqueName("resume");
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        s.createSharedDurableConsumer(topic, name, "kind = 'a'").close();
        TextMessage stored = s.createTextMessage("stored");
        stored.setStringProperty("kind", "a");
        s.createProducer(topic).send(stored);
        MessageConsumer resumed = s.createSharedDurableConsumer(topic, name, "kind = 'a'");
        assertEquals("stored", receiveText(resumed));
        resumed.close();
        s.unsubscribe(name);
    }
}
