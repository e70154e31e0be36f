package dev.apogee.standalone;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.client.ClientConfig;
import dev.apogee.client.MQClientException;
import dev.apogee.remoting.acl.AclRequestSigner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --acl}: ACL on with the shipped {@code conf/plain_acl.yml}; the demo runs with one of its accounts. */
class StandaloneAclTest {
    @TempDir
    Path dir;

    @Test
    void aclSwitchUsesTheInstallationsAclFileUnlessTheConfNamesOne() throws Exception {
        StandaloneOptions plain = StandaloneOptions.parse(new String[0], Map.of());
        assertFalse(plain.brokerConfig(dir, "127.0.0.1:1").isAclEnable(), "off by default");
        StandaloneOptions acl = StandaloneOptions.parse(new String[] {"--acl"}, Map.of("APOGEE_HOME", "/opt/apogee"));
        BrokerConfig config = acl.brokerConfig(dir, "127.0.0.1:1");
        assertTrue(config.isAclEnable());
        assertEquals(Path.of("/opt/apogee/conf/plain_acl.yml").toString(), config.getAclConfigFile());
        Path conf = Files.writeString(dir.resolve("broker.conf"), "aclConfigFile=/etc/apogee/acl.yml\n");
        BrokerConfig named = StandaloneOptions.parse(new String[] {"--acl", "-c", conf.toString()}, Map.of())
                .brokerConfig(dir, "127.0.0.1:1");
        assertEquals("/etc/apogee/acl.yml", named.getAclConfigFile());
    }

    @Test
    void demoRunsWithTheShippedAdminAccountAndIsRefusedWithout() throws Exception {
        Path home = dir.resolve("home");
        Files.createDirectories(home.resolve("conf"));
        Files.copy(Path.of("..", "conf", "plain_acl.yml"), home.resolve("conf").resolve("plain_acl.yml"));
        StandaloneOptions options = StandaloneOptions.parse(new String[] {"--acl", "-p", "0", "-b", "0",
                "--no-console", "-d",
                dir.resolve("data").toString()}, Map.of("APOGEE_HOME", home.toString()));
        Standalone server = Standalone.start(options);
        try {
            String namesrv = StandaloneOptions.HOST + ":" + server.namesrvPort();
            ClientConfig signed = new ClientConfig().setNamesrvAddress(namesrv).setInstanceName("acl-demo-ok")
                    .setRequestSigner(new AclRequestSigner("rocketmq2", "change-me-87654321"));
            // the first sends route only once the broker's registration reached the name server; a retried run
            // counts only its own messages
            await().atMost(Duration.ofSeconds(60)).ignoreExceptions()
                    .until(() -> Demo.run(signed, "DemoTopic", "apogee-demo", 20, 30));
            ClientConfig unsigned = new ClientConfig().setNamesrvAddress(namesrv).setInstanceName("acl-demo-no");
            MQClientException refused = assertThrows(MQClientException.class,
                    () -> Demo.run(unsigned, "DemoTopic", "apogee-demo", 1, 5));
            assertEquals(16, refused.responseCode(), refused.getMessage());
        } finally {
            server.shutdown();
        }
    }
}
