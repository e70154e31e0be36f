package dev.apogee.jms.security;

import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.jms.api.JmsBroker;
import dev.apogee.jms.xa.ApogeeXAConnectionFactory;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.naming.Context;
import javax.naming.InitialContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Hashtable;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JMS against our broker with {@code aclEnable=true}: connections sign with user/password, bad credentials fail
 * createConnection / createContext, refused sends and receives are JMSSecurityExceptions, anonymous access follows
 * {@code anonymousAccount}, and the credentials pass through URLs, JNDI and the XA factory.
 */
class JmsAclTest {
    private static final String AUTHENTICATION_FAILED = "APOGEE-JMS-0022";
    private static final String NO_PERMISSION = "APOGEE-JMS-0015";
    private static final String RULES = """
            %s
            accounts:
              - accessKey: ops
                secretKey: ops-secret-key
                admin: true
              - accessKey: app
                secretKey: app-secret-key
                defaultTopicPerm: DENY
                defaultGroupPerm: SUB
                topicPerms:
                  - Orders=PUB|SUB
                  - Inbox=PUB|SUB
                  - Audit=SUB
                  - Locked=PUB|SUB
                groupPerms:
                  - JMSQ_Locked=DENY
              - accessKey: guest
                secretKey: guest-secret-key
                defaultTopicPerm: DENY
                defaultGroupPerm: SUB
                topicPerms:
                  - Public=PUB|SUB
            """;

    @TempDir
    static Path dir;
    private static Path aclFile;
    private static JmsBroker broker;

    @BeforeAll
    static void start() throws Exception {
        aclFile = dir.resolve("plain_acl.yml");
        Files.writeString(aclFile, RULES.formatted("anonymousAccount: guest"));
        broker = JmsBroker.start(config -> {
            config.setAclEnable(true);
            config.setAclConfigFile(aclFile.toString());
            config.setAclReloadIntervalMillis(200);
        });
        // Only an admin may create topics: the operator's step before applications run.
        try (Connection ops = factory().createConnection("ops", "ops-secret-key")) {
            Session s = ops.createSession();
            for (String topic : new String[] {"Orders", "Inbox", "Audit", "Locked", "Public", "Secret"}) {
                s.createConsumer(s.createQueue(topic)).close();
            }
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private static ApogeeConnectionFactory factory() {
        return broker.factory();
    }

    private static String url(String options) {
        return "apogee://" + broker.namesrvAddress() + "?" + options;
    }

    @Test
    void goodCredentialsSendAndReceive() throws Exception {
        String text = "order-" + UUID.randomUUID();
        try (Connection c = factory().createConnection("app", "app-secret-key")) {
            c.start();
            Session s = c.createSession();
            MessageConsumer consumer = s.createConsumer(s.createQueue("Inbox")); // only this test uses Inbox
            s.createProducer(s.createQueue("Inbox")).send(s.createTextMessage(text));
            assertEquals(text, ((TextMessage) receive(consumer)).getText());
        }
    }

    @Test
    void badCredentialsFailCreateConnectionAndCreateContext() {
        JMSSecurityException wrongSecret = assertThrows(JMSSecurityException.class,
                () -> factory().createConnection("app", "not-the-secret"));
        assertEquals(AUTHENTICATION_FAILED, wrongSecret.getErrorCode());
        assertTrue(wrongSecret.getMessage().contains("signature check failed for accessKey=app"),
                wrongSecret.getMessage());
        assertTrue(!wrongSecret.getMessage().contains("not-the-secret"), "never quotes the password");

        JMSSecurityException unknown = assertThrows(JMSSecurityException.class,
                () -> factory().createConnection("nobody", "whatever-secret"));
        assertTrue(unknown.getMessage().contains("unknown accessKey=nobody"), unknown.getMessage());

        JMSSecurityRuntimeException context = assertThrows(JMSSecurityRuntimeException.class,
                () -> factory().createContext("app", "not-the-secret"));
        assertEquals(AUTHENTICATION_FAILED, context.getErrorCode());

        JMSSecurityException noPassword = assertThrows(JMSSecurityException.class,
                () -> factory().createConnection("app", null));
        assertEquals(AUTHENTICATION_FAILED, noPassword.getErrorCode());
    }

    @Test
    void factorySettingsAndUrlOptionsCarryCredentialsAndCreateConnectionOverridesThem() throws Exception {
        new ApogeeConnectionFactory(url("user=app&password=app-secret-key")).createConnection().close();
        ApogeeConnectionFactory wrong = new ApogeeConnectionFactory(url("user=app&password=wrong-secret"));
        assertThrows(JMSSecurityException.class, wrong::createConnection);
        wrong.createConnection("app", "app-secret-key").close(); // the arguments win over the factory's pair
        ApogeeConnectionFactory viaSetters = factory();
        viaSetters.setUser("app");
        viaSetters.setPassword("app-secret-key");
        try (JMSContext context = viaSetters.createContext()) {
            context.createProducer().send(context.createQueue("Orders"), "via setters");
        }
    }

    @Test
    void sendWithoutPubIsASecurityException() throws Exception {
        try (Connection c = factory().createConnection("app", "app-secret-key")) {
            Session s = c.createSession();
            JMSSecurityException refused = assertThrows(JMSSecurityException.class,
                    () -> s.createProducer(s.createQueue("Audit")).send(s.createTextMessage("x")));
            assertEquals(NO_PERMISSION, refused.getErrorCode());
            assertTrue(refused.getMessage().contains("no PUB permission on topic:Audit"), refused.getMessage());
            s.createProducer(s.createQueue("Orders")).send(s.createTextMessage("still allowed"));
        }
        try (JMSContext context = factory().createContext("app", "app-secret-key")) {
            assertThrows(JMSSecurityRuntimeException.class,
                    () -> context.createProducer().send(context.createQueue("Audit"), "x"));
        }
    }

    @Test
    void receiveWithoutSubFailsAtConsumerCreation() throws Exception {
        try (Connection c = factory().createConnection("app", "app-secret-key")) {
            Session s = c.createSession();
            JMSSecurityException topic = assertThrows(JMSSecurityException.class,
                    () -> s.createConsumer(s.createQueue("Secret")));
            assertEquals(NO_PERMISSION, topic.getErrorCode());
            assertTrue(topic.getMessage().contains("no SUB permission on topic:Secret"), topic.getMessage());
            JMSSecurityException group = assertThrows(JMSSecurityException.class,
                    () -> s.createConsumer(s.createQueue("Locked")));
            assertTrue(group.getMessage().contains("no SUB permission on group:JMSQ_Locked"), group.getMessage());
            assertThrows(JMSSecurityException.class, () -> s.createConsumer(s.createTopic("Secret")));
            s.createConsumer(s.createQueue("Audit")).close(); // SUB without PUB may read
        }
        try (JMSContext context = factory().createContext("app", "app-secret-key")) {
            assertThrows(JMSSecurityRuntimeException.class,
                    () -> context.createConsumer(context.createQueue("Secret")));
        }
    }

    @Test
    void anonymousAccessFollowsTheAnonymousAccount() throws Exception {
        try {
            String text = "public-" + UUID.randomUUID();
            try (Connection anonymous = factory().createConnection()) {
                anonymous.start();
                Session s = anonymous.createSession();
                MessageConsumer consumer = s.createConsumer(s.createQueue("Public"));
                s.createProducer(s.createQueue("Public")).send(s.createTextMessage(text));
                assertEquals(text, ((TextMessage) receive(consumer)).getText());
                assertThrows(JMSSecurityException.class,
                        () -> s.createProducer(s.createQueue("Orders")).send(s.createTextMessage("x")),
                        "the guest account's rights, nothing more");
            }
            Files.writeString(aclFile, RULES.formatted("# no anonymousAccount: unsigned requests are refused"));
            JMSSecurityException refused = await().atMost(Duration.ofSeconds(20)).until(() -> {
                try (Connection c = factory().createConnection()) {
                    return null;
                } catch (JMSSecurityException e) {
                    return e;
                }
            }, e -> e != null);
            assertEquals(AUTHENTICATION_FAILED, refused.getErrorCode());
            assertTrue(refused.getMessage().contains("no AccessKey"), refused.getMessage());
            factory().createConnection("app", "app-secret-key").close(); // signed connections are unaffected
        } finally {
            Files.writeString(aclFile, RULES.formatted("anonymousAccount: guest"));
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions()
                    .until(() -> { factory().createConnection().close(); return true; });
        }
    }

    @Test
    void jndiFactoriesCarryTheUrlCredentials() throws Exception {
        Hashtable<String, Object> env = new Hashtable<>();
        env.put(Context.INITIAL_CONTEXT_FACTORY, "dev.apogee.jms.jndi.ApogeeInitialContextFactory");
        env.put("connectionFactory.appCF", url("user=app&password=app-secret-key"));
        env.put("connectionFactory.badCF", url("user=app&password=wrong-secret"));
        env.put("xaConnectionFactory.xaCF", url("user=app&password=app-secret-key"));
        env.put("queue.orders", "Orders");
        InitialContext jndi = new InitialContext(env);
        try {
            ConnectionFactory good = (ConnectionFactory) jndi.lookup("appCF");
            try (JMSContext context = good.createContext()) {
                context.createProducer().send((jakarta.jms.Queue) jndi.lookup("orders"), "from jndi");
            }
            ConnectionFactory bad = (ConnectionFactory) jndi.lookup("badCF");
            assertThrows(JMSSecurityException.class, bad::createConnection);
            ((jakarta.jms.XAConnectionFactory) jndi.lookup("xaCF")).createXAConnection().close();
        } finally {
            jndi.close();
        }
    }

    @Test
    void xaConnectionsAuthenticateToo() throws Exception {
        ApogeeXAConnectionFactory xa = new ApogeeXAConnectionFactory(url("user=app&password=wrong-secret"));
        JMSSecurityException refused = assertThrows(JMSSecurityException.class, xa::createXAConnection);
        assertEquals(AUTHENTICATION_FAILED, refused.getErrorCode());
        assertThrows(JMSSecurityRuntimeException.class, xa::createXAContext);
        try (XAConnection c = xa.createXAConnection("app", "app-secret-key")) {
            XASession s = c.createXASession();
            assertNotNull(s.getXAResource());
            assertThrows(JMSSecurityException.class, () -> s.createConsumer(s.createQueue("Secret")));
        }
    }

    private static Message receive(MessageConsumer consumer) throws Exception {
        Message m = consumer.receive(10_000);
        assertNotNull(m, "no message within 10 s");
        return m;
    }
}
