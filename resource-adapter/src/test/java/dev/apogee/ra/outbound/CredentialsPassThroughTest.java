package dev.apogee.ra.outbound;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.ra.inflow.ApogeeActivationSpec;
import dev.apogee.ra.settings.ApogeeSettings;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Session;
import jakarta.jms.XAConnection;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.SecurityException;
import jakarta.resource.spi.security.PasswordCredential;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.security.auth.Subject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The adapter hands credentials to the provider, against our broker with ACL in this JVM: the definition's
 * user/password, the application's {@code createConnection(user, password)}, the container's
 * {@link PasswordCredential} (container-managed sign-on), and an activation spec's user/password for MDBs.
 */
class CredentialsPassThroughTest {
    private static final String AUTHENTICATION_FAILED = "APOGEE-JMS-0022";

    @TempDir
    static Path dir;
    private static NameServer namesrv;
    private static Broker broker;
    private static String url;

    @BeforeAll
    static void start() throws Exception {
        Path acl = dir.resolve("plain_acl.yml");
        Files.writeString(acl, """
                accounts:
                  - accessKey: ops
                    secretKey: ops-secret-key
                    admin: true
                  - accessKey: app
                    secretKey: app-secret-key
                    defaultTopicPerm: PUB|SUB
                    defaultGroupPerm: SUB
                """);
        namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("kvConfig.json"))).start();
        BrokerConfig config = new BrokerConfig();
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        config.setNamesrvAddr(namesrv.localAddress());
        config.setStorePathRootDir(dir.resolve("store").toString());
        config.setMappedFileSizeCommitLog(16 * 1024 * 1024);
        config.setAclEnable(true);
        config.setAclConfigFile(acl.toString());
        broker = new Broker(config);
        broker.start();
        url = "apogee://" + namesrv.localAddress();
        try (Connection ops = new ApogeeConnectionFactory(url).createConnection("ops", "ops-secret-key")) {
            Session s = ops.createSession();
            s.createConsumer(s.createQueue("RaOrders")).close(); // the topic exists before applications use it
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.shutdown();
        }
        if (namesrv != null) {
            namesrv.close();
        }
    }

    private static ApogeeManagedConnectionFactory definition(String user, String password) {
        ApogeeManagedConnectionFactory mcf = new ApogeeManagedConnectionFactory();
        mcf.setConnectionUrl(url);
        mcf.setUser(user);
        mcf.setPassword(password);
        return mcf;
    }

    @Test
    void definitionCredentialsAndTheirRefusal() throws Exception {
        ManagedConnection good = definition("app", "app-secret-key").createManagedConnection(null, null);
        try {
            Connection c = (Connection) good.getConnection(null, null);
            Session s = c.createSession();
            s.createProducer(s.createQueue("RaOrders")).send(s.createTextMessage("outbound"));
            c.close();
        } finally {
            good.destroy();
        }
        SecurityException refused = assertThrows(SecurityException.class,
                () -> definition("app", "wrong-secret").createManagedConnection(null, null));
        assertEquals(AUTHENTICATION_FAILED, refused.getErrorCode());
        assertThrows(SecurityException.class, () -> definition(null, null).createManagedConnection(null, null),
                "no credentials and no anonymousAccount on the broker");
    }

    @Test
    void applicationCredentialsOverrideTheDefinitionsAndFailAsJmsSecurityExceptions() throws Exception {
        ConnectionFactory cf = (ConnectionFactory) definition(null, null).createConnectionFactory();
        cf.createConnection("app", "app-secret-key").close();
        JMSSecurityException refused = assertThrows(JMSSecurityException.class,
                () -> cf.createConnection("app", "wrong-secret"));
        assertEquals(AUTHENTICATION_FAILED, refused.getErrorCode());
    }

    @Test
    void containerPasswordCredentialIsUsedAndMatched() throws Exception {
        ApogeeManagedConnectionFactory mcf = definition(null, null);
        ManagedConnection mc = mcf.createManagedConnection(subject(mcf, "app", "app-secret-key"), null);
        try {
            assertEquals("app", mc.getMetaData().getUserName());
            assertSame(mc, mcf.matchManagedConnections(Set.of(mc), subject(mcf, "app", "app-secret-key"), null));
            assertNull(mcf.matchManagedConnections(Set.of(mc), subject(mcf, "app", "other-secret"), null),
                    "other credentials need another physical connection");
        } finally {
            mc.destroy();
        }
        assertThrows(SecurityException.class,
                () -> mcf.createManagedConnection(subject(mcf, "app", "wrong-secret"), null));
    }

    @Test
    void activationSpecCredentialsReachTheInboundConnection() throws Exception {
        ApogeeActivationSpec spec = new ApogeeActivationSpec();
        spec.setConnectionUrl(url);
        spec.setUser("app");
        spec.setPassword("app-secret-key");
        ApogeeSettings settings = spec.ownSettings().over(ApogeeSettings.DEFAULTS);
        // what Activation.connection() does for an MDB
        try (XAConnection c = settings.newConnectionFactory(true).createXAConnection(settings.user(),
                settings.password())) {
            c.createSession().createConsumer(c.createSession().createQueue("RaOrders")).close();
        }
        spec.setPassword("wrong-secret");
        ApogeeSettings wrong = spec.ownSettings().over(ApogeeSettings.DEFAULTS);
        assertThrows(JMSSecurityException.class,
                () -> wrong.newConnectionFactory(true).createXAConnection(wrong.user(), wrong.password()));
    }

    private static Subject subject(ApogeeManagedConnectionFactory mcf, String user, String password) {
        Subject subject = new Subject();
        PasswordCredential credential = new PasswordCredential(user, password.toCharArray());
        credential.setManagedConnectionFactory(mcf);
        subject.getPrivateCredentials().add(credential);
        return subject;
    }
}
