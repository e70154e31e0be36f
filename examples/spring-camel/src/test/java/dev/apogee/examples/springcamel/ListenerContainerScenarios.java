package dev.apogee.examples.springcamel;

import org.junit.jupiter.api.Test;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.jms.listener.DefaultMessageListenerContainer;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DefaultMessageListenerContainer}: competing consumers, a transacted listener that fails once, durable and
 * shared topic subscriptions.
 */
abstract class ListenerContainerScenarios extends Scenarios {
    private static final int THOUSAND = 1_000;

    @Test
    void threeConsumersReceiveAThousandMessagesExactlyOnce() {
        Deliveries deliveries = new Deliveries();
        DefaultMessageListenerContainer container =
                app.container("work", deliveries, c -> c.setConcurrentConsumers(3));
        List<String> texts = texts("job-", THOUSAND);
        JmsTemplate template = app.template();
        texts.forEach(text -> template.convertAndSend("work", text));
        deliveries.awaitAll(texts);
        container.shutdown();
        Map<String, Long> counts = deliveries.countByText(d -> true);
        assertEquals(THOUSAND, counts.size());
        assertEquals(Map.of(), duplicates(counts), () -> "delivered more than once, e.g. "
                + deliveries.of(duplicates(counts).keySet().iterator().next()));
    }

    /**
     * Once each of the three consumers is receiving, each gets at least half of an even share of the next 1,000
     * messages (a third each on a provider that dispatches round-robin).
     */
    @Test
    void threeConsumersShareTheLoad() {
        Deliveries deliveries = new Deliveries();
        DefaultMessageListenerContainer container =
                app.container("fairWork", deliveries, c -> c.setConcurrentConsumers(3));
        JmsTemplate template = app.template();
        // a queue keeps what no consumer took yet: warm up one message at a time until all three threads got one
        for (int sent = 0; deliveries.countByThread(Scenarios::isWarmUp).size() < 3; sent++) {
            assertTrue(sent < 100, "100 warm-up messages did not reach all three consumers: "
                    + deliveries.countByThread(Scenarios::isWarmUp));
            template.convertAndSend("fairWork", WARM_UP);
            deliveries.awaitTimes(WARM_UP, sent + 1);
        }
        List<String> texts = texts("fair-job-", THOUSAND);
        texts.forEach(text -> template.convertAndSend("fairWork", text));
        deliveries.awaitAll(texts);
        container.shutdown();
        Map<String, Long> perConsumer = deliveries.countByThread(d -> !isWarmUp(d));
        assertEquals(3, perConsumer.size(), "consumers that received messages: " + perConsumer);
        perConsumer.forEach((consumer, count) ->
                assertTrue(count >= THOUSAND / 6, consumer + " got " + count + " of 1,000: " + perConsumer));
    }

    /**
     * {@code sessionTransacted=true}: the listener throws on the first delivery, the container rolls the session
     * back, the message comes again marked redelivered with delivery count 2 and is committed; it never comes again.
     */
    @Test
    void transactedListenerFailingOnceGetsTheMessageRedeliveredOnce() {
        Deliveries deliveries = new Deliveries();
        AtomicBoolean failed = new AtomicBoolean();
        app.container("payments", message -> {
            Deliveries.Delivery delivery = deliveries.record(message);
            if (delivery.text().equals("payment-1") && failed.compareAndSet(false, true)) {
                throw new IllegalStateException("the listener fails on the first delivery (expected by the test)");
            }
        }, c -> c.setSessionTransacted(true));
        JmsTemplate template = app.template();
        template.convertAndSend("payments", "payment-1");
        deliveries.awaitTimes("payment-1", 2);
        // one more message through the same consumer: had the commit failed, payment-1 would come a third time
        template.convertAndSend("payments", "payment-2");
        deliveries.awaitTimes("payment-2", 1);
        app.close();
        List<Deliveries.Delivery> first = deliveries.of("payment-1");
        assertEquals(2, first.size(), "deliveries of payment-1: " + first);
        assertFalse(first.get(0).redelivered());
        assertEquals(1, first.get(0).deliveryCount());
        assertTrue(first.get(1).redelivered(), "JMSRedelivered of the second delivery");
        assertEquals(2, first.get(1).deliveryCount(), "JMSXDeliveryCount of the second delivery");
        assertEquals(1, deliveries.of("payment-2").size());
    }

    /**
     * A durable subscription keeps what is published while its container is stopped, and while it is shut down and
     * replaced by a new container with the same client id and subscription name.
     */
    @Test
    void durableSubscriptionKeepsMessagesWhileItsContainerIsAway() {
        Deliveries deliveries = new Deliveries();
        Consumer<DefaultMessageListenerContainer> durable = c -> {
            c.setPubSubDomain(true);
            c.setSubscriptionDurable(true);
            c.setClientId("spring-audit");
            c.setSubscriptionName("audit-log");
        };
        JmsTemplate topics = app.topicTemplate();
        DefaultMessageListenerContainer first = app.container("audit", deliveries, durable);
        warmUp(topics, "audit", () -> deliveries.contains(WARM_UP));
        topics.convertAndSend("audit", "audit-1");
        deliveries.awaitAll(List.of("audit-1"));

        first.stop();
        topics.convertAndSend("audit", "audit-2");
        first.start();
        deliveries.awaitAll(List.of("audit-2"));

        first.shutdown();
        topics.convertAndSend("audit", "audit-3");
        topics.convertAndSend("audit", "audit-4");
        app.container("audit", deliveries, durable);
        deliveries.awaitAll(List.of("audit-3", "audit-4"));
        app.close();
        assertEquals(Map.of("audit-1", 1L, "audit-2", 1L, "audit-3", 1L, "audit-4", 1L),
                deliveries.countByText(d -> !isWarmUp(d)));
    }

    /** Two containers on one shared subscription: every message published reaches one of them, once. */
    @Test
    void sharedSubscriptionDeliversEachMessageOnceAcrossTwoContainers() {
        Deliveries deliveries = new Deliveries();
        app.container("alerts", deliveries, shared("alert-handlers"));
        app.container("alerts", deliveries, shared("alert-handlers"));
        JmsTemplate topics = app.topicTemplate();
        warmUp(topics, "alerts", () -> deliveries.contains(WARM_UP));
        List<String> texts = texts("alert-", 200);
        texts.forEach(text -> topics.convertAndSend("alerts", text));
        deliveries.awaitAll(texts);
        app.close();
        Map<String, Long> counts = deliveries.countByText(d -> !isWarmUp(d));
        assertEquals(200, counts.size());
        assertEquals(Map.of(), duplicates(counts), "delivered more than once");
    }

    /** Once both containers receive, each gets at least half of an even share of what is published. */
    @Test
    void sharedSubscriptionSplitsTheMessagesBetweenTwoContainers() {
        Deliveries left = new Deliveries();
        Deliveries right = new Deliveries();
        app.container("fairAlerts", left, shared("fair-alert-handlers"));
        app.container("fairAlerts", right, shared("fair-alert-handlers"));
        JmsTemplate topics = app.topicTemplate();
        warmUp(topics, "fairAlerts", () -> left.contains(WARM_UP) && right.contains(WARM_UP));
        List<String> texts = texts("fair-alert-", 200);
        texts.forEach(text -> topics.convertAndSend("fairAlerts", text));
        await().atMost(Deliveries.WAIT).until(() ->
                left.countByText(d -> !isWarmUp(d)).size() + right.countByText(d -> !isWarmUp(d)).size() >= 200);
        app.close();
        long leftCount = left.countByText(d -> !isWarmUp(d)).size();
        long rightCount = right.countByText(d -> !isWarmUp(d)).size();
        assertTrue(leftCount >= 50 && rightCount >= 50, "split " + leftCount + " / " + rightCount);
    }

    private static Consumer<DefaultMessageListenerContainer> shared(String subscription) {
        return container -> {
            container.setPubSubDomain(true);
            container.setSubscriptionShared(true);
            container.setSubscriptionName(subscription);
        };
    }

    private static Map<String, Long> duplicates(Map<String, Long> counts) {
        return Map.copyOf(counts.entrySet().stream().filter(e -> e.getValue() > 1)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }
}
