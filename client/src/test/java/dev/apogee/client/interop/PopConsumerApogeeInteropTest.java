package dev.apogee.client.interop;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Tag;

/** The pop consumer contract against our own name server and broker, started in this JVM. */
@Tag("interop")
@Tag("slow")
@Disabled("needs broker POP, branch h-pop-broker")
class PopConsumerApogeeInteropTest extends PopConsumerContract {
    private static ApogeeServers servers;

    @BeforeAll
    static void startServers() throws Exception {
        servers = ApogeeServers.start();
    }

    @AfterAll
    static void stopServers() {
        if (servers != null) {
            servers.close();
        }
    }

    @Override
    String namesrv() {
        return servers.namesrvAddress();
    }
}
