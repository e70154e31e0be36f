package dev.apogee.client.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.pop.PopConsumerConfig;
import dev.apogee.client.pop.PoppedMessage;
import dev.apogee.client.pop.Selector;
import dev.apogee.client.pop.SimpleConsumer;
import dev.apogee.remoting.protocol.body.OffsetWrapper;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The pop consumer contract against our own name server and broker, started in this JVM. Its target does not
 * depend on {@code apogee.it.target}, so client/pom.xml runs it in the interop-against-apogee execution only.
 */
@Tag("interop")
@Tag("slow")
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

    /**
     * Apogee extension: a JMS selector is evaluated per pop and what it does not select stays available to the
     * group's other consumers (Apache's TAG / SQL92 pops skip unselected messages for the whole group).
     */
    @Test
    void aJmsSelectorLeavesUnselectedMessagesToTheGroupsOtherConsumers() throws Exception {
        String topic = topic("TPopJms", 1);
        String group = ApacheServers.unique("cgPopJms");
        Set<String> sent = send(topic, 4, null);
        SimpleConsumer selective = simple(new PopConsumerConfig(group, topic).setClientConfig(client("popJmsSel"))
                .setSelector(Selector.jms("JMSPriority > 100")));
        SimpleConsumer all = simple(new PopConsumerConfig(group, topic).setClientConfig(client("popJmsAll")));
        assertEquals(List.of(), selective.receive(32, Duration.ofSeconds(60), Duration.ofSeconds(2)));
        Set<String> got = new HashSet<>();
        Awaitility.await().atMost(AWAIT).until(() -> {
            List<PoppedMessage> popped = all.receive(32, Duration.ofSeconds(60), Duration.ofSeconds(2));
            popped.forEach(message -> got.add(body(message)));
            all.ack(popped);
            return got.size() >= sent.size();
        });
        assertEquals(sent, got);
    }

    /** Our AdminClient reads a POP group's progress from our broker: backlog not acked, and what is in flight. */
    @Test
    void theAdminClientReportsAPopGroupsBacklogAndMessagesInFlight() throws Exception {
        String topic = topic("TPopLag", 1);
        String group = ApacheServers.unique("cgPopLag");
        Set<String> sent = send(topic, 3, null);
        SimpleConsumer consumer = simple(new PopConsumerConfig(group, topic).setClientConfig(client("popLag")));
        List<PoppedMessage> got = receiveAtLeast(consumer, sent.size());
        try (AdminClient admin = new AdminClient(client("popLagAdmin"))) {
            admin.start();
            assertEquals(3, admin.consumerLag(group, topic), "popped, not acked: still backlog");
            OffsetWrapper queue = admin.consumeStats(group, topic).values().iterator().next();
            assertEquals(3, queue.getPullOffset() - queue.getConsumerOffset(), "in flight");
            consumer.ack(got);
            assertEquals(0, admin.consumerLag(group, topic));
            queue = admin.consumeStats(group, topic).values().iterator().next();
            assertEquals(3, queue.getConsumerOffset());
            assertEquals(3, queue.getPullOffset());
        }
    }
}
