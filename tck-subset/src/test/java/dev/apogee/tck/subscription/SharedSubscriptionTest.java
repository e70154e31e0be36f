package dev.apogee.tck.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Non-durable topic subscribers and shared subscriptions (Jakarta Messaging 3.1 §8.3.1, §8.3.2, §8.3.4). */
class SharedSubscriptionTest extends TckTestBase {
    private static final int COUNT = 12;

    @Test
    @Spec("8.3.1")
    @DisplayName("8.3.1 every non-durable subscriber gets every message published after it was created")
    void everySubscriberGetsEveryMessage() throws Exception {
        Topic topic = topic();
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(topic);
        p.send(s.createTextMessage("before"));
        MessageConsumer a = s.createConsumer(topic);
        MessageConsumer b = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(topic);
        p.send(s.createTextMessage("after"));
        assertEquals("after", receiveText(a));
        assertEquals("after", receiveText(b));
        assertNoMessage(a);
    }

    @Test
    @Spec("8.3.2")
    @DisplayName("8.3.2 consumers of one shared non-durable subscription split its messages: each goes to one of them")
    void sharedSubscriptionSplitsMessages() throws Exception {
        Topic topic = topic();
        String name = uniqueName("shared");
        Connection c = startedConnection();
        MessageConsumer a = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createSharedConsumer(topic, name);
        MessageConsumer b = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE)
                .createSharedConsumer(topic, name);
        MessageConsumer everything = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(topic);
        publish(c, topic);
        assertEquals(expected(), receiveFromEither(a, b));
        assertEquals(expected(), sorted(receiveTexts(everything, COUNT)), "an ordinary subscriber sees everything");
    }

    @Test
    @Spec("8.3.2")
    @DisplayName("8.3.2 a shared non-durable subscription ends with its last consumer: nothing is kept meanwhile")
    void sharedNonDurableSubscriptionEndsWithItsLastConsumer() throws Exception {
        Topic topic = topic();
        String name = uniqueName("shared");
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer only = s.createSharedConsumer(topic, name);
        sendTexts(s, topic, "while open");
        assertEquals("while open", receiveText(only));
        only.close();
        sendTexts(s, topic, "while closed");
        MessageConsumer reopened = s.createSharedConsumer(topic, name);
        assertNoMessage(reopened);
        sendTexts(s, topic, "reopened");
        assertEquals("reopened", receiveText(reopened));
    }

    @Test
    @Spec("8.3.4")
    @DisplayName("8.3.4 a shared durable subscription splits its messages and keeps them while it has no consumer")
    void sharedDurableSubscriptionPersists() throws Exception {
        Topic topic = topic();
        String name = uniqueName("shareddur");
        Connection c = startedConnection();
        Session s1 = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Session s2 = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer a = s1.createSharedDurableConsumer(topic, name);
        MessageConsumer b = s2.createSharedDurableConsumer(topic, name);
        publish(c, topic);
        assertEquals(expected(), receiveFromEither(a, b));
        a.close();
        b.close();
        Session sender = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        sendTexts(sender, topic, "while nobody listens");
        MessageConsumer back = s1.createSharedDurableConsumer(topic, name);
        assertEquals("while nobody listens", receiveText(back));
        back.close();
        s1.unsubscribe(name);
    }

    private static void publish(Connection c, Topic topic) throws Exception {
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(topic);
        for (int i = 0; i < COUNT; i++) {
            p.send(s.createTextMessage(String.format("w%02d", i)));
        }
        s.close();
    }

    private static List<String> expected() {
        List<String> all = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            all.add(String.format("w%02d", i));
        }
        return all;
    }

    /** Polls both consumers until COUNT messages arrived or both stayed silent for the receive timeout. */
    private static List<String> receiveFromEither(MessageConsumer a, MessageConsumer b) throws Exception {
        List<String> got = new ArrayList<>();
        long quietSince = System.currentTimeMillis();
        while (got.size() < COUNT && System.currentTimeMillis() - quietSince < timeout()) {
            boolean any = false;
            for (MessageConsumer c : List.of(a, b)) {
                Message m = c.receive(50);
                if (m != null) {
                    got.add(((TextMessage) m).getText());
                    any = true;
                }
            }
            if (any) {
                quietSince = System.currentTimeMillis();
            }
        }
        assertNoMessage(a);
        assertNoMessage(b);
        return sorted(got); // a duplicate would show up as an extra element
    }
}
