package dev.apogee.broker.acl;

import dev.apogee.broker.fixture.BrokerFixture;
import dev.apogee.remoting.acl.AclRequestSigner;
import dev.apogee.remoting.exception.RemotingException;
import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.HeartbeatData;
import dev.apogee.remoting.tls.TlsConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The broker's {@code tls*} and {@code acl*} settings together: TLS enforcing with a PKCS12 store that keytool
 * generates into a temp dir (password from a file), and our native client signing with {@link AclRequestSigner}.
 */
@Tag("slow")
class BrokerTlsWithAclTest {
    private static final String PASSWORD = "changeit-test";

    private static Path keytoolStore(Path dir) throws Exception {
        Path store = dir.resolve("broker.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process process = new ProcessBuilder(keytool, "-genkeypair", "-alias", "broker", "-keyalg", "RSA",
                "-keysize", "2048", "-validity", "2", "-dname", "CN=localhost", "-storetype", "PKCS12",
                "-keystore", store.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD)
                .redirectErrorStream(true).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "keytool did not finish");
        assertEquals(0, process.exitValue(), new String(process.getInputStream().readAllBytes()));
        return store;
    }

    private static RemotingCommand heartbeat() {
        HeartbeatData heartbeat = new HeartbeatData();
        heartbeat.setClientID("127.0.0.1@tls-test");
        heartbeat.setProducerDataSet(new HashSet<>());
        heartbeat.setConsumerDataSet(new HashSet<>());
        return RemotingCommand.createRequest(RequestCode.HEART_BEAT).body(heartbeat.encode());
    }

    @Test
    void tlsEnforcingBrokerServesSignedTlsClientsOnly(@TempDir Path dir) throws Exception {
        Path store = keytoolStore(dir);
        Path passwordFile = dir.resolve("password.txt");
        Files.writeString(passwordFile, PASSWORD + "\n");
        Path acl = dir.resolve("plain_acl.yml");
        Files.writeString(acl, """
                accounts:
                  - accessKey: ak-native
                    secretKey: sk-native-secret
                    defaultTopicPerm: PUB|SUB
                    defaultGroupPerm: SUB
                """);
        try (BrokerFixture fixture = BrokerFixture.start(dir, config -> {
            config.setAclEnable(true);
            config.setAclConfigFile(acl.toString());
            config.setTlsEnable(true);
            config.setTlsMode("enforcing");
            config.setTlsServerKeyStorePath(store.toString());
            config.setTlsServerKeyPasswordFile(passwordFile.toString());
        });
             NettyRemotingClient tls = new NettyRemotingClient(new NettyClientConfig()
                     .setTls(new TlsConfig().setEnabled(true)));
             NettyRemotingClient plain = new NettyRemotingClient(new NettyClientConfig())) {
            tls.start();
            plain.start();
            String address = fixture.brokerAddress();

            tls.setRequestSigner(new AclRequestSigner("ak-native", "sk-native-secret"));
            assertEquals(ResponseCode.SUCCESS, tls.invokeSync(address, heartbeat(), 5000).code());

            tls.setRequestSigner(new AclRequestSigner("ak-native", "sk-wrong"));
            RemotingCommand refused = tls.invokeSync(address, heartbeat(), 5000);
            assertEquals(ResponseCode.NO_PERMISSION, refused.code());
            assertTrue(refused.remark().startsWith("[ACL] signature check failed"), refused.remark());

            plain.setRequestSigner(new AclRequestSigner("ak-native", "sk-native-secret"));
            assertThrows(RemotingException.class, () -> plain.invokeSync(address, heartbeat(), 3000));
        }
    }
}
