package dev.apogee.client.interop;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/** The pop consumer contract against Apache RocketMQ 5.3.3's broker (started from Maven Central jars). */
@Tag("interop")
@Tag("slow")
@ExtendWith(ApacheServers.class)
class PopConsumerApacheInteropTest extends PopConsumerContract {
    @Override
    String namesrv() {
        return ApacheServers.namesrv();
    }
}
