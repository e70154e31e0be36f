package dev.apogee.jms.api;

import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Against an Apogee broker a session pipelines its asynchronous sends (window above 1), and still: every
 * CompletionListener runs, in send order, and a consumer receives the session's messages — asynchronous,
 * NON_PERSISTENT one-way and synchronous sends interleaved — in send order (§6.2.9, §7.3).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PipelinedAsyncSendTest {
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void pipelinedAsyncSendsCompleteAndArriveInSendOrder() throws Exception {
        try (Connection connection = broker.factory().createConnection()) {
            connection.start();
            Session session = connection.createSession(Session.AUTO_ACKNOWLEDGE);
            Queue queue = session.createQueue("PIPELINED_ASYNC");
            MessageProducer producer = session.createProducer(queue);
            producer.send(session.createTextMessage("first")); // a sync send: the broker says it keeps order
            assertTrue(((ApogeeConnection) connection).provider().asyncSendWindow() > 1,
                    "an Apogee broker lets a session pipeline its asynchronous sends");

            int count = 3_000;
            List<Integer> completed = Collections.synchronizedList(new ArrayList<>());
            List<Exception> failures = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch allCompleted = new CountDownLatch(count);
            int asyncSends = 0;
            for (int i = 0; i < count; i++) {
                BytesMessage m = session.createBytesMessage();
                m.writeBytes(new byte[256]);
                m.setIntProperty("seq", i);
                if (i % 10 == 7) {
                    producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
                    producer.send(m); // one-way, between the asynchronous sends
                    producer.setDeliveryMode(DeliveryMode.PERSISTENT);
                    allCompleted.countDown();
                    continue;
                }
                int seq = i;
                asyncSends++;
                producer.send(m, new CompletionListener() {
                    @Override
                    public void onCompletion(Message message) {
                        completed.add(seq);
                        allCompleted.countDown();
                    }

                    @Override
                    public void onException(Message message, Exception exception) {
                        failures.add(exception);
                        allCompleted.countDown();
                    }
                });
            }
            assertTrue(allCompleted.await(60, TimeUnit.SECONDS), "every CompletionListener was called");
            assertEquals(List.of(), failures);
            assertEquals(asyncSends, completed.size());
            for (int i = 1; i < completed.size(); i++) {
                assertTrue(completed.get(i - 1) < completed.get(i), "callbacks in send order at " + i);
            }

            MessageConsumer consumer = session.createConsumer(queue);
            assertEquals("first", consumer.receive(10_000).getBody(String.class));
            for (int i = 0; i < count; i++) {
                Message received = consumer.receive(10_000);
                assertTrue(received != null, "message " + i + " received");
                assertEquals(i, received.getIntProperty("seq"), "received in send order");
            }
        }
    }
}
