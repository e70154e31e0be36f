package dev.apogee.tck.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Unshared durable subscriptions (Jakarta Messaging 3.1 §8.3.3). */
class DurableSubscriptionTest extends TckTestBase {

    private Session sessionWithClientId() throws JMSException {
        Connection c = connection();
        c.setClientID(uniqueName("dur"));
        c.start();
        return c.createSession(false, Session.AUTO_ACKNOWLEDGE);
    }

    @Test
    @Spec("8.3.3")
    @DisplayName("8.3.3 a durable subscription keeps the messages published while it has no consumer")
    void subscriptionOutlivesItsConsumer() throws Exception {
        Session s = sessionWithClientId();
        Topic topic = topic();
        String name = uniqueName("sub");
        MessageProducer p = s.createProducer(topic);
        MessageConsumer sub = s.createDurableConsumer(topic, name);
        p.send(s.createTextMessage("online"));
        assertEquals("online", receiveText(sub));
        sub.close();
        p.send(s.createTextMessage("offline"));
        MessageConsumer again = s.createDurableConsumer(topic, name);
        assertEquals("offline", receiveText(again));
        assertNoMessage(again);
        again.close();
        s.unsubscribe(name);
    }

    @Test
    @Spec("8.3.3")
    @DisplayName("8.3.3 an unshared durable subscription has one consumer at a time and needs a client id")
    void oneActiveConsumerAndAClientId() throws Exception {
        Session s = sessionWithClientId();
        Topic topic = topic();
        String name = uniqueName("sub");
        MessageConsumer first = s.createDurableConsumer(topic, name);
        assertThrows(JMSException.class, () -> s.createDurableConsumer(topic, name));
        first.close();
        s.unsubscribe(name);
        Session noId = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertThrows(IllegalStateException.class, () -> noId.createDurableConsumer(topic, uniqueName("sub")));
    }

    @Test
    @Spec("8.3.3")
    @DisplayName("8.3.3 unsubscribe refuses an active subscription, then deletes the subscription")
    void unsubscribeRules() throws Exception {
        Session s = sessionWithClientId();
        Topic topic = topic();
        String name = uniqueName("sub");
        MessageConsumer sub = s.createDurableConsumer(topic, name);
        assertThrows(JMSException.class, () -> s.unsubscribe(name));
        sub.close();
        s.unsubscribe(name);
        s.createProducer(topic).send(s.createTextMessage("after unsubscribe"));
        MessageConsumer fresh = s.createDurableConsumer(topic, name);
        assertNoMessage(fresh);
        fresh.close();
        s.unsubscribe(name);
    }

    @Test
    @Spec("8.3.3")
    @DisplayName("8.3.3 unsubscribe of a subscription that does not exist throws InvalidDestinationException")
    void unsubscribeOfAnUnknownName() throws Exception {
        Session s = sessionWithClientId();
        assertThrows(InvalidDestinationException.class, () -> s.unsubscribe(uniqueName("never")));
        String name = uniqueName("sub");
        s.createDurableConsumer(topic(), name).close();
        s.unsubscribe(name);
        assertThrows(InvalidDestinationException.class, () -> s.unsubscribe(name));
    }

    @Test
    @Spec("8.3.3")
    @DisplayName("8.3.3 reopening a durable subscription with another selector replaces it (old messages dropped)")
    void changingTheSelectorReplacesTheSubscription() throws Exception {
        Session s = sessionWithClientId();
        Topic topic = topic();
        String name = uniqueName("sub");
        MessageProducer p = s.createProducer(topic);
        s.createDurableConsumer(topic, name, "kind = 'a'", false).close();
        TextMessage kept = s.createTextMessage("for the old selector");
        kept.setStringProperty("kind", "a");
        p.send(kept);
        MessageConsumer changed = s.createDurableConsumer(topic, name, "kind = 'b'", false);
        assertNoMessage(changed);
        TextMessage b = s.createTextMessage("for the new selector");
        b.setStringProperty("kind", "b");
        p.send(b);
        assertEquals("for the new selector", receiveText(changed));
        changed.close();
        s.unsubscribe(name);
    }

    @Test
    @Spec("8.3.3")
    @DisplayName("8.3.3 reopening a durable subscription with a broader selector drops the old one's messages")
    void broaderSelectorReplacesTheSubscription() throws Exception {
        Session s = sessionWithClientId();
        Topic topic = topic();
        String name = uniqueName("sub");
        s.createDurableConsumer(topic, name, "kind = 'a'", false).close();
        TextMessage old = s.createTextMessage("for the old selector");
        old.setStringProperty("kind", "a");
        s.createProducer(topic).send(old);
        MessageConsumer changed = s.createDurableConsumer(topic, name);
        assertNoMessage(changed);
        sendTexts(s, topic, "after the change");
        assertEquals("after the change", receiveText(changed));
        changed.close();
        s.unsubscribe(name);
    }

    @Test
    @Spec("8.3.3")
    @DisplayName("8.3.3 reopening a durable subscription with another noLocal value replaces it")
    void changingNoLocalReplacesTheSubscription() throws Exception {
        Session s = sessionWithClientId();
        Topic topic = topic();
        String name = uniqueName("sub");
        s.createDurableConsumer(topic, name, null, true).close();
        Session remote = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        sendTexts(remote, topic, "stored while noLocal");
        MessageConsumer changed = s.createDurableConsumer(topic, name, null, false);
        assertNoMessage(changed);
        sendTexts(remote, topic, "after the change");
        assertEquals("after the change", receiveText(changed));
        changed.close();
        s.unsubscribe(name);
    }

    @Test
    @Spec("8.3.3")
    @DisplayName("8.3.3 reopening a durable subscription with the same selector and noLocal resumes it")
    void sameSelectorAndNoLocalResumes() throws Exception {
        Session s = sessionWithClientId();
        Topic topic = topic();
        String name = uniqueName("sub");
        s.createDurableConsumer(topic, name, "kind = 'a'", true).close();
        Session remote = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        TextMessage stored = remote.createTextMessage("stored");
        stored.setStringProperty("kind", "a");
        remote.createProducer(topic).send(stored);
        MessageConsumer resumed = s.createDurableConsumer(topic, name, "kind = 'a'", true);
        assertEquals("stored", receiveText(resumed));
        resumed.close();
        s.unsubscribe(name);
    }

    @Test
    @Spec({"8.3.3", "6.2.7", "8.8"})
    @DisplayName("8.3.3 unsubscribe is refused while a closed consumer's message is part of the transaction")
    void unsubscribeRefusedWhileItsMessageIsInTheTransaction() throws Exception {
        Connection c = connection();
        c.setClientID(uniqueName("dur"));
        c.start();
        Topic topic = topic();
        String name = uniqueName("sub");
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageConsumer durable = tx.createDurableConsumer(topic, name);
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), topic, "pending");
        assertEquals("pending", receiveText(durable));
        durable.close();
        assertThrows(IllegalStateException.class, () -> tx.unsubscribe(name));
        tx.commit();
        MessageConsumer again = tx.createDurableConsumer(topic, name);
        assertNoMessage(again);
        again.close();
        tx.unsubscribe(name);
    }
}
