package dev.apogee.jms.api;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * What Camel's transacted routes and Spring's JmsTransactionManager do for every message, 500 times against our
 * broker: a fresh consumer receives, is closed, the message is forwarded by the same transacted session, and the
 * session commits. Each message must be forwarded exactly once (the commit acknowledges the closed consumer's
 * receive) and nothing may stay behind on the input queue.
 */
@Tag("slow")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ClosedConsumerForwardingTest {
    private static final int COUNT = 500;

    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void receiveCloseSendCommitForwardsEachMessageOnce() throws Exception {
        String id = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        try (Connection c = broker.factory().createConnection()) {
            c.start();
            Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue in = plain.createQueue("fwd_in_" + id);
            Queue out = plain.createQueue("fwd_out_" + id);
            MessageProducer feed = plain.createProducer(in);
            for (int i = 0; i < COUNT; i++) {
                feed.send(plain.createTextMessage("m" + i));
            }
            Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
            MessageProducer forward = tx.createProducer(out);
            for (int i = 0; i < COUNT; i++) {
                MessageConsumer consumer = tx.createConsumer(in);
                Message m = consumer.receive(10_000);
                assertNotNull(m, "input message " + i + " of " + COUNT);
                consumer.close();
                forward.send(m);
                tx.commit();
            }
            MessageConsumer rest = tx.createConsumer(in);
            assertNull(rest.receive(1_000), "the input queue is drained");
            rest.close();

            Map<String, Integer> seen = new HashMap<>();
            MessageConsumer outConsumer = plain.createConsumer(out);
            for (int i = 0; i < COUNT; i++) {
                Message m = outConsumer.receive(10_000);
                assertNotNull(m, "forwarded message " + i + " of " + COUNT);
                seen.merge(((TextMessage) m).getText(), 1, Integer::sum);
            }
            assertNull(outConsumer.receive(1_000), "no message forwarded twice");
            assertEquals(COUNT, seen.size());
            seen.forEach((text, times) -> assertEquals(1, times, text + " forwarded " + times + " times"));
        }
    }
}
