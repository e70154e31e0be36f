package dev.apogee.examples;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.naming.Context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs each example's logic against the standalone server in this JVM and checks what it printed. */
class ExamplesTest {
    /** A guard against a hang (QueueRequestor waits without limit), far above a normal run of a few seconds. */
    private static final Duration GUARD = Duration.ofSeconds(90);
    private static ExampleBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = ExampleBroker.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    interface Example {
        void run(Context jndi, PrintStream out) throws Exception;
    }

    private static List<String> run(Example example) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Context jndi = broker.jndi();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            assertTimeoutPreemptively(GUARD, () -> example.run(jndi, out));
        } finally {
            jndi.close();
        }
        String printed = bytes.toString(StandardCharsets.UTF_8);
        System.out.print(printed);
        return printed.lines().toList();
    }

    /** The texts of the lines starting with {@code prefix}, prefix removed. */
    private static Set<String> after(String prefix, List<String> lines) {
        return lines.stream().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void queueSendReceiveGetsBackWhatItSent() throws Exception {
        List<String> lines = run(QueueSendReceive::run);
        Set<String> sent = after("sent: ", lines);
        assertEquals(QueueSendReceive.ORDERS, sent.size(), lines::toString);
        assertEquals(sent, after("received: ", lines));
        assertTrue(lines.contains("done: 3 orders sent and received through ExampleOrders"), lines::toString);
    }

    @Test
    void durableSubscriptionReceivesWhatWasPublishedWhileOffline() throws Exception {
        List<String> lines = run(DurableSubscription::run);
        Set<String> published = after("published: ", lines);
        assertEquals(2, published.size(), lines::toString);
        assertEquals(published, after("received: ", lines));
        assertTrue(lines.indexOf("back online: price-audit") > lines.indexOf("subscribed: price-audit on"
                + " ExamplePrices, now offline"), lines::toString);
        assertEquals("unsubscribed: price-audit", lines.get(lines.size() - 1));
    }

    @Test
    void sharedSubscriptionProcessesEveryPriceOnce() throws Exception {
        List<String> lines = run(SharedSubscription::run);
        Set<String> published = after("published: ", lines);
        assertEquals(SharedSubscription.PRICES, published.size(), lines::toString);
        Set<String> processed = new TreeSet<>(after("worker 1 processed: ", lines));
        processed.addAll(after("worker 2 processed: ", lines));
        assertEquals(published, processed);
        assertTrue(lines.contains("done: 6 prices shared between 2 workers"), lines::toString);
    }

    @Test
    void requestReplyAnswersBothWays() throws Exception {
        List<String> lines = run(RequestReply::run);
        assertEquals(List.of("request: hello", "reply: HELLO", "request: goodbye", "reply: GOODBYE"),
                lines.stream().filter(l -> l.startsWith("request: ") || l.startsWith("reply: ")).toList());
    }

    @Test
    void transactedSessionRollsBackThenCommits() throws Exception {
        List<String> lines = run(TransactedSession::run);
        String job = after("queued: ", lines).iterator().next();
        assertEquals(List.of("queued: " + job, "received: " + job + " (redelivered=false)",
                "rolled back: the result was not sent, the job goes back",
                "received: " + job + " (redelivered=true)",
                "committed: the job is consumed and the result sent",
                "received: result of " + job + " (redelivered=false)", "result: result of " + job),
                lines.stream().filter(l -> !l.startsWith("skipped")).toList());
    }

    @Test
    void nativeTaggedProducerFeedsASelectiveJmsConsumer() throws Exception {
        List<String> lines = run(NativeTaggedProducer::run);
        Set<String> express = after("native send [express]: ", lines);
        assertEquals(2, express.size(), lines::toString);
        assertEquals(2, after("native send [standard]: ", lines).size(), lines::toString);
        assertEquals(express, after("JMS received [express]: ", lines));
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("JMS received [standard]")), lines::toString);
    }
}
