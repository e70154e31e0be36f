package dev.apogee.jms.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.jms.api.JmsBrokerExtension;
import dev.apogee.remoting.protocol.body.TopicOffset;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The redelivery limit of a JMS queue is its group's {@code retryMaxTimes} (16 unless configured on the broker): a
 * message recovered that often is not delivered again but moved to {@code %DLQ%JMSQ_<queue>}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DeadLetterAfterRetryLimitTest {
    private static final int RETRY_MAX_TIMES = 16;
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void aMessageRecoveredPastTheLimitGoesToTheDeadLetterQueue() throws Exception {
        try (Connection c = broker.factory().createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            Queue queue = s.createQueue("DLQPOP_" + System.nanoTime() % 100_000);
            s.createProducer(queue).send(s.createTextMessage("poison"));
            MessageConsumer consumer = s.createConsumer(queue);
            for (int delivery = 1; delivery <= RETRY_MAX_TIMES + 1; delivery++) {
                Message m = consumer.receive(10_000);
                assertNotNull(m, "delivery " + delivery);
                assertEquals(delivery, m.getIntProperty("JMSXDeliveryCount"));
                s.recover();
            }
            assertNull(consumer.receive(2_000), "dead-lettered after " + (RETRY_MAX_TIMES + 1) + " deliveries");
            assertEquals(1, deadLetters("%DLQ%JMSQ_" + queue.getQueueName()));
        }
    }

    private static long deadLetters(String dlq) throws Exception {
        AdminClient admin = new AdminClient(new ClientConfig().setNamesrvAddress(broker.namesrvAddress())
                .setInstanceName("dlq-probe"));
        admin.start();
        try {
            long stored = 0;
            long deadline = System.currentTimeMillis() + 10_000;
            while (stored == 0 && System.currentTimeMillis() < deadline) {
                try {
                    stored = admin.topicOffsets(dlq).values().stream().mapToLong(TopicOffset::getMaxOffset).sum();
                } catch (dev.apogee.client.MQClientException e) {
                    Thread.sleep(100); // the DLQ topic is created with the first dead letter
                }
            }
            return stored;
        } finally {
            admin.shutdown();
        }
    }
}
