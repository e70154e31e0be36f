package dev.apogee.ra.it.app;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Session;

/** Names shared by the test application's beans and the tests (the app classes are also on the test classpath). */
public final class AppBeans {
    public static final String CF = "java:/jms/apogee/ConnectionFactory";
    /** A second connection definition (its own pool): one transaction using both needs two-phase commit. */
    public static final String CF2 = "java:/jms/apogee/ConnectionFactory2";
    public static final String PLAIN = "it_plain";
    public static final String ECHO_IN = "it_echo_in";
    public static final String ECHO_OUT = "it_echo_out";
    public static final String TOPIC = "it_topic";
    public static final String TOPIC_OUT = "it_topic_out";
    public static final String ROLLBACK_IN = "it_rollback_in";
    public static final String ROLLBACK_OUT = "it_rollback_out";
    public static final String POISON = "it_poison";
    public static final String DLQ = "it_dlq";
    public static final String CONCURRENT_IN = "it_concurrent_in";
    public static final String CONCURRENT_OUT = "it_concurrent_out";
    public static final String POOL_IN = "it_pool_in";
    public static final String POOL_OUT = "it_pool_out";
    public static final String RESTART_IN = "it_restart_in";
    public static final String RESTART_OUT = "it_restart_out";
    public static final String LEAK_IN = "it_leak_in";
    public static final String TWO_CF = "it_two_cf";
    public static final String XA_IN = "it_xa_in";
    public static final String XA_OUT = "it_xa_out";
    public static final String LOCAL_IN = "it_local_in";
    public static final String LOCAL_OUT = "it_local_out";
    /** System properties the beans count in, read back through ProbeServlet (shared across deployments). */
    public static final String POISON_ATTEMPTS = "apogee.it.poison.attempts";
    public static final String LEAK_RECEIVED = "apogee.it.leak.received";

    private AppBeans() {
    }

    /** Sends a text message through the container's pooled connection factory. */
    public static void send(ConnectionFactory cf, String queue, String text) {
        try (Connection c = cf.createConnection()) {
            Session s = c.createSession();
            s.createProducer(s.createQueue(queue)).send(s.createTextMessage(text));
        } catch (JMSException e) {
            throw new IllegalStateException("send to " + queue + " failed", e);
        }
    }

    /** Adds one to a JVM-wide counter. */
    public static void count(String property) {
        synchronized (System.class) {
            long n = Long.parseLong(System.getProperty(property, "0"));
            System.setProperty(property, Long.toString(n + 1));
        }
    }
}
