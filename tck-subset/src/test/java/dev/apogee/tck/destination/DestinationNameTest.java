package dev.apogee.tck.destination;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.Topic;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Destination names of any kind (Jakarta Messaging 3.1 §5.2, §3.4.1, §3.4.6, §6.1.2, §8.3). */
class DestinationNameTest extends TckTestBase {

    @ParameterizedTest
    @Spec({"5.2", "3.4.1", "3.4.6"})
    @DisplayName("5.2 a queue of any name carries messages; JMSDestination and JMSReplyTo come back with the name")
    @ValueSource(strings = {"orders.created", "a/b:c d", "zäöü.名前", "100%", "jms.queue.x", "a|b"})
    void queueNamesOfAnyKind(String base) throws Exception {
        String name = uniqueName(base);
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = s.createQueue(name);
        Queue replyTo = s.createQueue(uniqueName("reply." + base));
        assertEquals(name, queue.getQueueName());
        MessageConsumer consumer = s.createConsumer(queue);
        Message sent = s.createTextMessage("to " + name);
        sent.setJMSReplyTo(replyTo);
        s.createProducer(queue).send(sent);
        Message got = receive(consumer);
        assertEquals("to " + name, got.getBody(String.class));
        assertEquals(name, ((Queue) got.getJMSDestination()).getQueueName());
        assertEquals(replyTo.getQueueName(), ((Queue) got.getJMSReplyTo()).getQueueName());
        s.createProducer(got.getJMSReplyTo()).send(s.createTextMessage("reply"));
        assertEquals("reply", receiveText(s.createConsumer(replyTo)));
    }

    @Test
    @Spec("5.2")
    @DisplayName("5.2 names that differ only in punctuation are different destinations")
    void similarNamesStayApart() throws Exception {
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        String base = uniqueName("x");
        Queue dotted = s.createQueue(base + ".y");
        Queue underscored = s.createQueue(base + "_y");
        Queue piped = s.createQueue(base + "|2Ey"); // what an escaping scheme might write for "."
        assertNotEquals(dotted, underscored);
        MessageConsumer d = s.createConsumer(dotted);
        MessageConsumer u = s.createConsumer(underscored);
        MessageConsumer p = s.createConsumer(piped);
        sendTexts(s, dotted, "dot");
        sendTexts(s, underscored, "underscore");
        sendTexts(s, piped, "pipe");
        assertEquals("dot", receiveText(d));
        assertEquals("underscore", receiveText(u));
        assertEquals("pipe", receiveText(p));
        assertNoMessage(d);
    }

    @Test
    @Spec({"5.2", "6.1.2", "8.3.1", "8.3.2", "8.3.3", "8.3.4"})
    @DisplayName("8.3 topic, durable, shared and shared durable subscriptions and client ids of any name")
    void subscriptionAndClientIdNamesOfAnyKind() throws Exception {
        Connection c = connection();
        c.setClientID(uniqueName("client.ü/1:x"));
        c.start();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Topic topic = s.createTopic(uniqueName("prices.zäöü/名前 x"));
        MessageConsumer plain = s.createConsumer(topic);
        MessageConsumer durable = s.createDurableConsumer(topic, "durable.sub ü");
        MessageConsumer shared = s.createSharedConsumer(topic, "shared:sub/1");
        MessageConsumer sharedDurable = s.createSharedDurableConsumer(topic, "shared.durable 名");
        sendTexts(s, topic, "tick");
        for (MessageConsumer consumer : new MessageConsumer[] {plain, durable, shared, sharedDurable}) {
            Message m = receive(consumer);
            assertEquals("tick", m.getBody(String.class));
            assertEquals(topic.getTopicName(), ((Topic) m.getJMSDestination()).getTopicName());
        }
        durable.close();
        sendTexts(s, topic, "while away");
        MessageConsumer back = s.createDurableConsumer(topic, "durable.sub ü");
        assertEquals("while away", receiveText(back));
        back.close();
        sharedDurable.close();
        s.unsubscribe("durable.sub ü");
        s.unsubscribe("shared.durable 名");
        assertThrows(InvalidDestinationException.class, () -> s.unsubscribe("durable.sub ü"));
    }

    // Client id "a_b" with subscription "c" and client id "a" with subscription "b_c" are two subscriptions
    @Test
    @Spec({"6.1.2", "8.3.3"})
    @DisplayName("8.3.3 a durable subscription is identified by the (client id, name) pair, whatever characters")
    void clientIdAndNamePairsStayApart() throws Exception {
        String base = uniqueName("c");
        Connection first = connection();
        first.setClientID(base + "_a");
        first.start();
        Connection second = connection();
        second.setClientID(base);
        second.start();
        Session s1 = first.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Session s2 = second.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Topic topic = s1.createTopic(uniqueName("pairs"));
        MessageConsumer one = s1.createDurableConsumer(topic, "s");
        MessageConsumer two = s2.createDurableConsumer(topic, "a_s");
        sendTexts(s1, topic, "both");
        assertEquals("both", receiveText(one));
        assertEquals("both", receiveText(two));
        one.close();
        two.close();
        s1.unsubscribe("s");
        s2.unsubscribe("a_s");
    }

    @Test
    @Spec({"5.2", "3.4.6", "6.2.2"})
    @DisplayName("3.4.6 a temporary queue is the JMSReplyTo of a request to a dotted queue, through JMSContext too")
    void temporaryReplyToOfADottedQueue() throws Exception {
        JMSContext ctx = context();
        Queue requests = ctx.createQueue(uniqueName("rpc.requests/v1"));
        TemporaryQueue replies = ctx.createTemporaryQueue();
        JMSConsumer server = ctx.createConsumer(requests);
        ctx.createProducer().setJMSReplyTo(replies).send(requests, "ping");
        Message request = receive(server);
        assertEquals(requests.getQueueName(), ((Queue) request.getJMSDestination()).getQueueName());
        assertEquals(replies, request.getJMSReplyTo());
        ctx.createProducer().send(request.getJMSReplyTo(), "pong");
        assertEquals("pong", ctx.createConsumer(replies).receiveBody(String.class, timeout()));
    }
}
