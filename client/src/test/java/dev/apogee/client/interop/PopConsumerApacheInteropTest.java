package dev.apogee.client.interop;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/** The pop consumer contract against Apache RocketMQ 5.3.3's broker (started from Maven Central jars). */
@Tag("interop")
@Tag("slow")
@ExtendWith(ApacheServers.class)
class PopConsumerApacheInteropTest extends PopConsumerContract {
    /**
     * The build's interop-against-apogee execution reruns the interop suites on our broker; this suite needs POP,
     * which PopConsumerApogeeInteropTest covers for our broker.
     */
    @BeforeAll
    static void onlyAgainstApache() {
        Assumptions.assumeFalse(ApacheServers.AGAINST_APOGEE || ApacheServers.EXTERNAL_NAMESRV != null,
                "POP contract against our broker: PopConsumerApogeeInteropTest");
    }

    @Override
    String namesrv() {
        return ApacheServers.namesrv();
    }
}
