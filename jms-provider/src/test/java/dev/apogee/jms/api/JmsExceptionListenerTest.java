package dev.apogee.jms.api;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A connection whose name server goes away tells its ExceptionListener. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JmsExceptionListenerTest {

    @Test
    void lostNameServerIsReported() throws Exception {
        JmsBroker broker = JmsBroker.start();
        ApogeeConnectionFactory factory = broker.factory();
        factory.setHealthCheckMillis(200);
        factory.setRequestTimeoutMillis(500);
        Connection connection = factory.createConnection();
        try {
            CountDownLatch reported = new CountDownLatch(1);
            AtomicReference<JMSException> failure = new AtomicReference<>();
            connection.setExceptionListener(e -> {
                failure.compareAndSet(null, e);
                reported.countDown();
            });
            Thread.sleep(600);
            assertEquals(1, reported.getCount(), "nothing to report while the name server answers");
            broker.close();
            assertTrue(reported.await(15, TimeUnit.SECONDS));
            // broker and name server both go: whichever the health probe sees first — the lost broker (0021,
            // the connection is dead) or the unreachable name servers (0014) — is reported
            assertTrue(java.util.Set.of("APOGEE-JMS-0014", "APOGEE-JMS-0021").contains(failure.get().getErrorCode()),
                    failure.get().toString());
        } finally {
            connection.close();
            broker.close();
        }
    }
}
