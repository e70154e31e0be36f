package dev.apogee.ra.it;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** A plain JMS client in the test JVM, talking to the test broker directly (not through the container). */
final class PlainClient {
    private PlainClient() {
    }

    static void send(String queue, String text) throws Exception {
        send(queue, false, text, Map.of());
    }

    static void send(String destination, boolean topic, String text, Map<String, String> properties)
            throws Exception {
        try (Connection c = TestBroker.get().factory().createConnection()) {
            Session s = c.createSession();
            MessageProducer p = s.createProducer(topic ? s.createTopic(destination) : s.createQueue(destination));
            TextMessage m = s.createTextMessage(text);
            for (Map.Entry<String, String> e : properties.entrySet()) {
                m.setStringProperty(e.getKey(), e.getValue());
            }
            p.send(m);
        }
    }

    /** Sends the texts in order from one session (so one producer's messages, as one application writes them). */
    static void sendAll(String queue, List<String> texts) throws Exception {
        try (Connection c = TestBroker.get().factory().createConnection()) {
            Session s = c.createSession();
            MessageProducer p = s.createProducer(s.createQueue(queue));
            for (String text : texts) {
                p.send(s.createTextMessage(text));
            }
        }
    }

    /**
     * Receives texts from {@code queue} until {@code done} holds for what was received, or {@code maxMillis} pass
     * (a bound, not an expectation: the caller asserts on what came back).
     */
    static List<String> receiveUntil(String queue, Predicate<List<String>> done, long maxMillis) throws Exception {
        List<String> texts = new ArrayList<>();
        long deadline = System.nanoTime() + maxMillis * 1_000_000;
        try (Connection c = TestBroker.get().factory().createConnection()) {
            c.start();
            Session s = c.createSession();
            MessageConsumer consumer = s.createConsumer(s.createQueue(queue));
            while (!done.test(texts) && System.nanoTime() < deadline) {
                Message m = consumer.receive(500);
                if (m instanceof TextMessage t) {
                    texts.add(t.getText());
                }
            }
        }
        return texts;
    }
}
