package dev.apogee.jms.xa.recovery;

import dev.apogee.jms.xa.ApogeeXAConnectionFactory;
import dev.apogee.jms.xa.ApogeeXAResourceRecovery;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;

import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.awaitility.Awaitility.await;

/**
 * What the test JVM sees of the broker, without a transaction manager: queue contents through JMS browsers, the
 * branches in doubt through our recovery resource, and undecided half messages through the official client reading
 * the half and op system topics. Browsing is fenced: a fence message is sent after the fact and the queue browsed
 * until it shows, then browsed once more; the store dispatches in commit-log order, so that last browse sees
 * everything stored before the fence — no sleeping, no "nothing arrived within n ms".
 */
final class QueueProbe implements AutoCloseable {
    static final String FENCE = "fence-";
    private static final String HALF_TOPIC = "RMQ_SYS_TRANS_HALF_TOPIC";
    private static final String OP_TOPIC = "RMQ_SYS_TRANS_OP_HALF_TOPIC";

    private final ApogeeXAConnectionFactory factory;
    private final String namesrv;
    private final Connection connection;
    /** How many half messages the last {@link #undecidedHalves} read (to show the check was not vacuous). */
    int lastHalfCount;

    QueueProbe(ApogeeXAConnectionFactory factory) throws JMSException {
        this.factory = factory;
        this.namesrv = factory.getNamesrvAddress();
        this.connection = factory.createConnection();
        connection.start();
    }

    void send(String queue, List<String> texts) throws JMSException {
        Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        try {
            MessageProducer p = s.createProducer(s.createQueue(queue));
            for (String text : texts) {
                p.send(s.createTextMessage(text));
            }
        } finally {
            s.close();
        }
    }

    /** The texts of the queue's unconsumed messages stored before now, fences left out. */
    List<String> settledContents(String queue) throws Exception {
        String fence = FENCE + UUID.randomUUID();
        send(queue, List.of(fence));
        await(queue + " shows the fence").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> browse(queue).contains(fence));
        List<String> texts = new ArrayList<>();
        for (String t : browse(queue)) {
            if (!t.startsWith(FENCE)) {
                texts.add(t);
            }
        }
        return texts;
    }

    private List<String> browse(String queue) throws JMSException {
        Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        try {
            QueueBrowser b = s.createBrowser(s.createQueue(queue));
            List<String> texts = new ArrayList<>();
            for (Object m : Collections.list(b.getEnumeration())) {
                texts.add(((TextMessage) m).getText());
            }
            return texts;
        } finally {
            s.close();
        }
    }

    /** Receives the next message that is not a fence (a consumer of the queue's group), or null within the wait. */
    String receive(String queue, Duration wait) throws JMSException {
        Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        try {
            jakarta.jms.MessageConsumer c = s.createConsumer(s.createQueue(queue));
            while (true) {
                TextMessage m = (TextMessage) c.receive(wait.toMillis());
                if (m == null || !m.getText().startsWith(FENCE)) {
                    return m == null ? null : m.getText();
                }
            }
        } finally {
            s.close();
        }
    }

    /** The branches prepared and undecided on the brokers, as XA recover lists them (retrying until reachable). */
    List<Xid> inDoubt() {
        List<Xid> found = new ArrayList<>();
        try (ApogeeXAResourceRecovery recovery = new ApogeeXAResourceRecovery(factory)) {
            await("XA recover answers").atMost(Duration.ofSeconds(60)).ignoreExceptions().untilAsserted(() -> {
                found.clear();
                found.addAll(List.of(recovery.resource().recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN)));
            });
        }
        return found;
    }

    /**
     * Half messages of {@code brokerName} with no op record (neither committed nor rolled back). {@code knownTopic}
     * is any topic of that broker, to learn its address.
     */
    List<String> undecidedHalves(String brokerName, String knownTopic) throws Exception {
        DefaultMQPullConsumer reader = new DefaultMQPullConsumer("XA_PROOF_PROBE_" + System.nanoTime());
        reader.setNamesrvAddr(namesrv);
        reader.setInstanceName("xa-proof-probe-" + System.nanoTime());
        reader.start();
        try {
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .until(() -> !reader.fetchSubscribeMessageQueues(knownTopic).isEmpty());
            Set<Long> decided = new HashSet<>();
            for (MessageExt op : readAll(reader, new MessageQueue(OP_TOPIC, brokerName, 0))) {
                decided.add(Long.parseLong(new String(op.getBody(), StandardCharsets.UTF_8).split("\n")[0]));
            }
            List<String> undecided = new ArrayList<>();
            List<MessageExt> halves = readAll(reader, new MessageQueue(HALF_TOPIC, brokerName, 0));
            for (MessageExt half : halves) {
                if (!decided.contains(half.getQueueOffset())) {
                    undecided.add("half@" + half.getQueueOffset() + " branch " + half.getProperty("__APOGEE_BRANCH")
                            + " of " + half.getProperty("REAL_TOPIC"));
                }
            }
            lastHalfCount = halves.size();
            return undecided;
        } finally {
            reader.shutdown();
        }
    }

    private static List<MessageExt> readAll(DefaultMQPullConsumer reader, MessageQueue queue) throws Exception {
        List<MessageExt> all = new ArrayList<>();
        long offset = 0;
        while (true) {
            PullResult r = reader.pull(queue, "*", offset, 32);
            if (r.getPullStatus() != PullStatus.FOUND) {
                return all;
            }
            all.addAll(r.getMsgFoundList());
            offset = r.getNextBeginOffset();
        }
    }

    @Override
    public void close() throws JMSException {
        connection.close();
    }
}
