package dev.apogee.standalone.admin;

import dev.apogee.client.MQClientException;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.remoting.naming.JmsGroupName;
import dev.apogee.remoting.naming.NameEncoding;
import dev.apogee.remoting.protocol.body.Connection;
import dev.apogee.remoting.protocol.body.ConsumerConnection;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.OffsetWrapper;
import dev.apogee.remoting.protocol.ResponseCode;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code queues} and {@code subscriptions}: the brokers' consumer groups read back as JMS queues and subscriptions
 * ({@link JmsGroupName}), each with its topic, backlog ({@link Backlog}) and connected consumers
 * (GET_CONSUMER_CONNECTION_LIST). Names are shown decoded; the group column gives what mqadmin and dlq-list take.
 */
final class JmsViews {
    private static final String RETRY_PREFIX = "%RETRY%";

    private final AdminClient admin;
    private final String namesrv;
    private final PrintStream out;

    JmsViews(BrokerAccess access, PrintStream out) {
        this.admin = access.admin();
        this.namesrv = access.namesrv();
        this.out = out;
    }

    /** Every JMS queue with a consumer group, or only {@code queueName} (also before any consumer existed). */
    int queues(String queueName) throws MQClientException, InterruptedException, UsageException {
        List<String> groups = new ArrayList<>();
        if (queueName != null) {
            groups.add(JmsGroupName.QUEUE_PREFIX + encode(queueName));
        } else {
            for (String group : admin.subscriptionGroups()) {
                JmsGroupName parsed = JmsGroupName.parse(group);
                if (parsed != null && parsed.kind() == JmsGroupName.Kind.QUEUE) {
                    groups.add(group);
                }
            }
        }
        TextTable table = new TextTable("QUEUE", "ROCKETMQ-TOPIC", "BACKLOG", "IN-FLIGHT", "CONSUMERS", "GROUP");
        TextTable consumers = new TextTable("QUEUE", "CLIENT-ID", "ADDRESS", "CLIENT");
        for (String group : groups) {
            JmsGroupName queue = JmsGroupName.parse(group);
            Backlog backlog;
            try {
                backlog = Backlog.of(admin.consumeStats(group, queue.topic()), queue.topic());
            } catch (MQClientException e) {
                if (queueName != null && e.responseCode() == ResponseCode.TOPIC_NOT_EXIST) {
                    out.println("no JMS queue '" + queueName + "': its topic " + queue.topic() + " does not exist");
                    return 1;
                }
                backlog = null; // the topic was deleted while its group stayed
            }
            ConsumerConnection online = admin.consumerConnection(group);
            table.row(queue.name(), queue.topic(), backlog == null ? "topic gone" : backlog.messages(),
                    backlog == null ? null : backlog.inFlight(), online.getConnectionSet().size(), group);
            for (Connection c : sorted(online)) {
                consumers.row(queue.name(), c.getClientId(), c.getClientAddr(), c.getLanguage() + " " + c.getVersion());
            }
        }
        out.println("JMS queues (name server " + namesrv + "): " + table.size());
        table.print(out);
        printConsumers(consumers);
        return 0;
    }

    /** Every JMS topic subscription, or those of the JMS topic {@code topicName}. */
    int subscriptions(String topicName) throws MQClientException, InterruptedException, UsageException {
        String onlyTopic = topicName == null ? null : encode(topicName);
        TextTable table = new TextTable("KIND", "SUBSCRIPTION", "CLIENT-ID", "TOPIC", "BACKLOG", "IN-FLIGHT",
                "CONSUMERS", "GROUP");
        TextTable consumers = new TextTable("GROUP", "CLIENT-ID", "ADDRESS", "CLIENT");
        for (String group : admin.subscriptionGroups()) {
            JmsGroupName sub = JmsGroupName.parse(group);
            if (sub == null || sub.kind() == JmsGroupName.Kind.QUEUE) {
                continue;
            }
            ConsumerConnection online = admin.consumerConnection(group);
            Map<MessageQueue, OffsetWrapper> stats = admin.consumeStats(group);
            String topic = topicOf(sub, online, stats);
            if (onlyTopic != null && !onlyTopic.equals(topic)) {
                continue;
            }
            Backlog backlog = topic == null ? null : Backlog.of(stats, topic);
            String shownTopic = topic == null ? null : NameEncoding.display(topic);
            table.row(sub.kind().label(), sub.name(), sub.clientId(), shownTopic,
                    backlog == null ? null : backlog.messages(), backlog == null ? null : backlog.inFlight(),
                    online.getConnectionSet().size(), group);
            for (Connection c : sorted(online)) {
                consumers.row(group, c.getClientId(), c.getClientAddr(), c.getLanguage() + " " + c.getVersion());
            }
        }
        out.println("JMS topic subscriptions (name server " + namesrv + "): " + table.size());
        table.print(out);
        printConsumers(consumers);
        return 0;
    }

    /** The topic a subscription reads: in its name, else what its consumers subscribe to, else where it has offsets. */
    private static String topicOf(JmsGroupName sub, ConsumerConnection online, Map<MessageQueue, OffsetWrapper> stats) {
        if (sub.topic() != null) {
            return sub.topic();
        }
        TreeSet<String> topics = new TreeSet<>();
        for (String t : online.getSubscriptionTable().keySet()) {
            if (!t.startsWith(RETRY_PREFIX)) {
                topics.add(t);
            }
        }
        if (topics.isEmpty()) {
            for (MessageQueue q : stats.keySet()) {
                if (!q.topic().startsWith(RETRY_PREFIX)) {
                    topics.add(q.topic());
                }
            }
        }
        return topics.isEmpty() ? null : topics.first();
    }

    private void printConsumers(TextTable consumers) {
        if (consumers.size() > 0) {
            out.println();
            out.println("Consumers: " + consumers.size());
            consumers.print(out);
        }
    }

    private static List<Connection> sorted(ConsumerConnection online) {
        List<Connection> list = new ArrayList<>(online.getConnectionSet());
        list.sort((a, b) -> String.valueOf(a.getClientId()).compareTo(String.valueOf(b.getClientId())));
        return list;
    }

    static String encode(String jmsName) throws UsageException {
        try {
            return NameEncoding.encode(jmsName);
        } catch (IllegalArgumentException e) {
            throw new UsageException("'" + jmsName + "' is not a valid name: " + e.getMessage());
        }
    }
}
