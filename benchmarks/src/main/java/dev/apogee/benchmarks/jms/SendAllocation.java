package dev.apogee.benchmarks.jms;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import dev.apogee.jms.api.ApogeeConnectionFactory;

import java.lang.management.ManagementFactory;
import java.util.Random;

/**
 * Heap bytes the sending thread allocates per JMS send (message creation included, as an application does it), for
 * NON_PERSISTENT text and bytes sends and transacted bytes sends committed every 10, with 1 KiB bodies. Measured with
 * {@code ThreadMXBean.getThreadAllocatedBytes}, exact for that thread (the remoting threads' share is not counted).
 * Why it matters: on this machine's VM touching fresh heap pages is expensive, and a JMS benchmark's client JVM runs
 * without pre-touched heap (its text sends ran 3x faster with {@code -XX:+AlwaysPreTouch}), so client allocation
 * per message shows up directly in throughput.
 *
 * <p>usage: {@code SendAllocation [url] [messages per round]}; run by {@code benchmarks/run-jms-alloc.sh}.
 */
public final class SendAllocation {
    private static final int BODY = 1024;
    private static final int ROUNDS = 3;

    private SendAllocation() {
    }

    public static void main(String[] args) throws Exception {
        String url = args.length > 0 ? args[0] : "apogee://127.0.0.1:9876";
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        Random random = new Random(42);
        StringBuilder letters = new StringBuilder(BODY);
        for (int i = 0; i < BODY; i++) {
            letters.append((char) ('a' + random.nextInt(26)));
        }
        String text = letters.toString();
        byte[] bytes = new byte[BODY];
        random.nextBytes(bytes);
        ConnectionFactory factory = new ApogeeConnectionFactory(url);
        try (Connection c = factory.createConnection()) {
            for (boolean asText : new boolean[] {true, false}) {
                Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageProducer p = s.createProducer(s.createQueue("alloc_" + (asText ? "text" : "bytes")));
                p.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
                for (int round = 0; round < ROUNDS; round++) {
                    long before = allocated();
                    for (int i = 0; i < n; i++) {
                        p.send(asText ? s.createTextMessage(text) : bytesMessage(s, bytes));
                    }
                    report((asText ? "NON_PERSISTENT text" : "NON_PERSISTENT bytes"), round, before, n);
                }
                s.close();
            }
            Session s = c.createSession(true, Session.SESSION_TRANSACTED);
            MessageProducer p = s.createProducer(s.createQueue("alloc_tx"));
            int txMessages = n / 2 / 10 * 10;
            for (int round = 0; round < ROUNDS; round++) {
                long before = allocated();
                for (int i = 0; i < txMessages; i++) {
                    p.send(bytesMessage(s, bytes));
                    if (i % 10 == 9) {
                        s.commit();
                    }
                }
                report("PERSISTENT bytes, transacted, commit every 10", round, before, txMessages);
            }
        }
    }

    private static Message bytesMessage(Session s, byte[] body) throws JMSException {
        BytesMessage m = s.createBytesMessage();
        m.writeBytes(body);
        return m;
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    private static void report(String what, int round, long before, int messages) {
        System.out.printf("RESULT %-48s round %d: %,6d bytes allocated per message by the sending thread%n", what,
                round, (allocated() - before) / messages);
    }
}
