package dev.apogee.jms.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.apogee.anchor.ApacheRocketMq;
import dev.apogee.jms.interop.ApacheAnchor;
import dev.apogee.jms.api.ApogeeConnectionFactory;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import java.util.Collections;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Against an Apache RocketMQ broker, which knows only TAG and SQL92 subscriptions, the provider's probe is refused
 * and selectors fall back to SQL92 (WARN APOGEE-JMS-SEL-001): selectors still work, with RocketMQ's string→number
 * conversion (the documented difference from an Apogee broker), and a browser filters the same way.
 */
@Tag("interop")
@Tag("slow")
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ApacheSelectorFallbackTest {
    private static ApacheRocketMq rmq;

    @BeforeAll
    static void start() throws Exception {
        rmq = ApacheAnchor.start("apogee-jms-apache-selector");
    }

    @AfterAll
    static void stop() throws Exception {
        if (rmq != null) {
            rmq.close();
        }
    }

    @Test
    void selectorsFallBackToSql92() throws Exception {
        ApogeeConnectionFactory factory = new ApogeeConnectionFactory();
        factory.setNamesrvAddress(rmq.namesrvAddress());
        try (Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = s.createQueue("APSEL_" + System.nanoTime());
            MessageConsumer typed = s.createConsumer(queue, "qty > 5 AND JMSPriority = 7");
            MessageProducer p = s.createProducer(queue);
            Message m = s.createMessage();
            m.setIntProperty("qty", 6);
            m.setStringProperty("code", "42");
            p.send(m, jakarta.jms.DeliveryMode.PERSISTENT, 7, 0);
            Message got = typed.receive(30_000);
            assertNotNull(got, "a selector on typed properties and headers works through SQL92");
            assertEquals(6, got.getIntProperty("qty"));
            typed.close();

            p.send(m, jakarta.jms.DeliveryMode.PERSISTENT, 7, 0);
            QueueBrowser browser = s.createBrowser(queue, "code = 42");
            assertEquals(1, Collections.list(browser.getEnumeration()).size(), "the browser filters as SQL92 too");
            MessageConsumer sql92 = s.createConsumer(queue, "code = 42");
            assertNotNull(sql92.receive(30_000), "SQL92 reads the String '42' as a number (documented difference)");
            assertNull(sql92.receiveNoWait());
        }
    }
}
