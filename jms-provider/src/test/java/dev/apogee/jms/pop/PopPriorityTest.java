package dev.apogee.jms.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.apogee.jms.api.JmsBrokerExtension;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Priority is honoured among the messages one pop returns (MAPPING.md, "Priority"): a consumer draining a backlog
 * pops 1, 2, 4, 8, then 16 messages at a time, and hands each batch out highest priority first, in send order among
 * equal priorities.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PopPriorityTest {
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void eachPopIsHandedOutByPriority() throws Exception {
        try (Connection c = broker.factory().createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = s.createQueue("PRIO_" + System.nanoTime() % 100_000);
            MessageProducer p = s.createProducer(queue);
            int[] batches = {1, 2, 4, 8, 16};
            List<int[]> expected = new ArrayList<>(); // {n, priority} in the expected delivery order
            int n = 0;
            for (int size : batches) {
                List<int[]> batch = new ArrayList<>();
                for (int i = 0; i < size; i++, n++) {
                    int priority = (n * 7) % 10;
                    Message m = s.createMessage();
                    m.setIntProperty("n", n);
                    p.send(m, DeliveryMode.PERSISTENT, priority, 0);
                    batch.add(new int[] {n, priority});
                }
                batch.sort(Comparator.comparingInt((int[] e) -> e[1]).reversed()); // stable: send order kept
                expected.addAll(batch);
            }
            MessageConsumer consumer = s.createConsumer(queue);
            List<Integer> got = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Message m = consumer.receive(10_000);
                assertNotNull(m, "message " + i);
                got.add(m.getIntProperty("n"));
            }
            assertEquals(expected.stream().map(e -> e[0]).toList(), got);
        }
    }
}
