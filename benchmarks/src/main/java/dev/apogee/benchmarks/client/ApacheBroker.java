package dev.apogee.benchmarks.client;

import dev.apogee.anchor.ApacheRocketMq;

import java.io.IOException;
import java.nio.file.Path;

/** Apache RocketMQ 5.3.3 namesrv + broker, each its own JVM, as the anchor starts them (broker -Xmx512m). */
final class ApacheBroker implements BrokerUnderTest {
    private final ApacheRocketMq servers;

    private ApacheBroker(ApacheRocketMq servers) {
        this.servers = servers;
    }

    static ApacheBroker start(Path runDir) throws IOException, InterruptedException {
        return new ApacheBroker(ApacheRocketMq.start(runDir, "ASYNC_FLUSH"));
    }

    @Override
    public String name() {
        return "apache";
    }

    @Override
    public String description() {
        return "Apache RocketMQ 5.3.3 namesrv + broker (two child JVMs, broker -Xms512m -Xmx512m, ASYNC_FLUSH, "
                + "256 MiB commit log files) at " + servers.brokerAddress();
    }

    @Override
    public String namesrvAddress() {
        return servers.namesrvAddress();
    }

    @Override
    public void close() throws InterruptedException {
        servers.close();
    }
}
