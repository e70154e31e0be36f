package dev.apogee.examples.springcamel;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;
import org.springframework.jms.support.JmsUtils;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;

/**
 * The text messages a listener received, in arrival order, with who received them and how. Listener threads add
 * (a lock-free queue), the test thread reads.
 */
final class Deliveries implements MessageListener {
    /** What the scenarios wait for at most; a passing run needs a fraction of it. */
    static final Duration WAIT = Duration.ofSeconds(60);

    /**
     * One delivery.
     *
     * @param text          the message's text
     * @param thread        the listener thread, which is one consumer in a Spring listener container
     * @param redelivered   {@code JMSRedelivered}
     * @param deliveryCount {@code JMSXDeliveryCount}
     * @param message       the message itself, for its headers and properties
     */
    record Delivery(String text, String thread, boolean redelivered, int deliveryCount, Message message) {
        @Override
        public String toString() {
            return text + " on " + thread + " (redelivered=" + redelivered + ", delivery count " + deliveryCount + ")";
        }
    }

    private final Queue<Delivery> received = new ConcurrentLinkedQueue<>();

    @Override
    public void onMessage(Message message) {
        record(message);
    }

    /** Records {@code message} and returns the record. */
    Delivery record(Message message) {
        try {
            Delivery delivery = new Delivery(((TextMessage) message).getText(), Thread.currentThread().getName(),
                    message.getJMSRedelivered(), message.getIntProperty("JMSXDeliveryCount"), message);
            received.add(delivery);
            return delivery;
        } catch (JMSException e) {
            throw JmsUtils.convertJmsAccessException(e);
        }
    }

    List<Delivery> all() {
        return new ArrayList<>(received);
    }

    List<Delivery> of(String text) {
        return received.stream().filter(d -> d.text().equals(text)).toList();
    }

    boolean contains(String text) {
        return received.stream().anyMatch(d -> d.text().equals(text));
    }

    /** Waits until every text in {@code texts} arrived at least once. */
    void awaitAll(List<String> texts) {
        await().atMost(WAIT).until(() -> countByText(d -> true).keySet().containsAll(texts));
    }

    /** Waits until {@code text} arrived {@code times} times. */
    void awaitTimes(String text, int times) {
        await().atMost(WAIT).until(() -> of(text).size() >= times);
    }

    /** How often each text matching {@code filter} arrived. */
    Map<String, Long> countByText(Predicate<Delivery> filter) {
        return count(filter, Delivery::text);
    }

    /** How many of the texts matching {@code filter} each listener thread received. */
    Map<String, Long> countByThread(Predicate<Delivery> filter) {
        return count(filter, Delivery::thread);
    }

    private Map<String, Long> count(Predicate<Delivery> filter, Function<Delivery, String> key) {
        return received.stream().filter(filter).collect(Collectors.groupingBy(key, Collectors.counting()));
    }
}
