package dev.apogee.jms.pop;

import dev.apogee.jms.api.ApogeeConnectionFactory;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.Session;

/**
 * A child JVM for {@link InvisibleTimeRenewalTest}: receives one message of a queue in CLIENT_ACKNOWLEDGE, prints
 * {@code HELD <JMSMessageID>} and holds it unacknowledged until it is killed (at most two minutes, then it exits
 * without acknowledging). Arguments: name server address, queue, invisible time (ms).
 */
public final class HoldingConsumerApp {
    private HoldingConsumerApp() {
    }

    public static void main(String[] args) throws Exception {
        ApogeeConnectionFactory factory = new ApogeeConnectionFactory();
        factory.setNamesrvAddress(args[0]);
        factory.setInvisibleTimeMillis(Long.parseLong(args[2]));
        Connection connection = factory.createConnection();
        connection.start();
        Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Message held = session.createConsumer(session.createQueue(args[1])).receive(30_000);
        if (held == null) {
            System.out.println("NOTHING");
            System.exit(2);
        }
        System.out.println("HELD " + held.getJMSMessageID());
        System.out.flush();
        Thread.sleep(120_000); // the test kills this JVM long before
        System.exit(3);
    }
}
