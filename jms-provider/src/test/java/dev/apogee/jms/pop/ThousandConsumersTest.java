package dev.apogee.jms.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.ClientInstance;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.jms.api.JmsBrokerExtension;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.ConsumerIdList;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * 1,000 consumers of one queue on one connection cost one client instance and one heartbeat entry (one member of the
 * queue's group on the broker) and one invisible-time renewal thread, not 1,000, and they still receive.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ThousandConsumersTest {
    private static final int CONSUMERS = 1_000;
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void thousandConsumersOfOneConnectionAreOneClientAndOneGroupMember() throws Exception {
        try (Connection c = broker.factory().createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = s.createQueue("THOUSAND_" + System.nanoTime() % 100_000);
            s.createConsumer(queue).close(); // the connection's lazily created clients exist from here on
            Set<String> instancesBefore = new HashSet<>(ClientInstance.liveClientIds());
            long renewalThreadsBefore = renewalThreads();
            List<MessageConsumer> consumers = new ArrayList<>();
            for (int i = 0; i < CONSUMERS; i++) {
                consumers.add(s.createConsumer(queue));
            }
            assertEquals(instancesBefore, new HashSet<>(ClientInstance.liveClientIds()), "no client instance per consumer");
            // counted JVM-wide: a thread of a connection closed just before may still be ending, never a new one
            assertTrue(renewalThreadsBefore >= 1, "the connection renews invisible times on its own thread");
            assertTrue(renewalThreads() <= renewalThreadsBefore, "no renewal thread or timer per consumer");
            assertEquals(1, groupMembers("JMSQ_" + queue.getQueueName()).size(), "one heartbeat entry for the group");

            MessageProducer p = s.createProducer(queue);
            for (int i = 0; i < 10; i++) {
                p.send(s.createTextMessage("m" + i));
            }
            Set<Integer> receivers = new HashSet<>();
            int got = 0;
            for (int round = 0; got < 10 && round < 20; round++) {
                for (int i = 0; i < consumers.size() && got < 10; i += 97) { // a spread of the consumers
                    Message m = consumers.get(i).receive(50);
                    if (m != null) {
                        got++;
                        receivers.add(i);
                    }
                }
            }
            assertEquals(10, got);
            assertTrue(receivers.size() > 1, "several consumers received: " + receivers);
        }
    }

    /** The client ids the broker lists for {@code group} (GET_CONSUMER_LIST_BY_GROUP: one per heartbeat entry). */
    private static long renewalThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().contains("-pop-renewal-")).count();
    }

    private static List<String> groupMembers(String group) throws Exception {
        ClientConfig config = new ClientConfig().setNamesrvAddress(broker.namesrvAddress())
                .setInstanceName("thousand-probe");
        AdminClient admin = new AdminClient(config);
        admin.start();
        ClientInstance probe = ClientInstance.acquire(config);
        try {
            List<String> members = new ArrayList<>();
            for (BrokerData b : admin.clusterInfo().getBrokerAddrTable().values()) {
                RemotingCommand request = RemotingCommand.createRequest(RequestCode.GET_CONSUMER_LIST_BY_GROUP);
                request.putExtField("consumerGroup", group);
                members.addAll(ConsumerIdList.decode(probe.rpc().callOk(b.masterAddr(), request, 5_000).body())
                        .getConsumerIdList());
            }
            return members;
        } finally {
            probe.release();
            admin.shutdown();
        }
    }
}
