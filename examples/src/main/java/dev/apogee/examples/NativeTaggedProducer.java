package dev.apogee.examples;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendStatus;
import dev.apogee.client.message.Message;
import dev.apogee.jms.api.ApogeeConnectionFactory;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import javax.naming.Context;
import javax.naming.InitialContext;

/**
 * The native client's {@link Producer} tags shipments {@code express} or {@code standard}; a JMS consumer of the queue
 * {@code shipments} selects {@code TAGS = 'express'}, which the provider turns into a broker-side tag subscription, so
 * standard shipments never reach it. The one example that uses Apogee classes directly.
 */
public final class NativeTaggedProducer {
    static final String SELECTOR = "TAGS = 'express'";
    static final long RECEIVE_TIMEOUT_MILLIS = 10_000;

    private NativeTaggedProducer() {
    }

    public static void main(String[] args) throws Exception {
        Context jndi = new InitialContext();
        try {
            run(jndi, System.out);
        } finally {
            jndi.close();
        }
    }

    static void run(Context jndi, PrintStream out) throws Exception {
        ApogeeConnectionFactory factory = (ApogeeConnectionFactory) jndi.lookup("ConnectionFactory");
        Queue shipments = (Queue) jndi.lookup("shipments");
        String run = UUID.randomUUID().toString().substring(0, 8);
        try (Connection connection = factory.createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer express = session.createConsumer(shipments, SELECTOR);
            connection.start();
            List<String> tags = List.of("standard", "express", "standard", "express");
            sendNative(factory.getNamesrvAddress(), shipments.getQueueName(), tags, run, out);
            for (int received = 0; received < 2; received++) {
                receiveExpress(express, run, out);
            }
        }
        out.println("done: the JMS consumer got only the express shipments");
    }

    private static void sendNative(String namesrv, String topic, List<String> tags, String run, PrintStream out)
            throws Exception {
        ClientConfig client = new ClientConfig().setNamesrvAddress(namesrv)
                .setInstanceName("apogee-example-native-" + run);
        Producer producer = new Producer(new ProducerConfig("apogee-example-native").setClientConfig(client));
        producer.start();
        try {
            for (int i = 0; i < tags.size(); i++) {
                String body = tags.get(i) + " shipment " + (i + 1) + " of run " + run;
                Message message = new Message(topic, tags.get(i), body.getBytes(StandardCharsets.UTF_8));
                message.putUserProperty("__JMS_BODY", "text"); // read as a TextMessage, not a BytesMessage
                SendStatus status = producer.send(message).status();
                if (status != SendStatus.SEND_OK) {
                    throw new IllegalStateException("native send of '" + body + "' answered " + status);
                }
                out.println("native send [" + tags.get(i) + "]: " + body);
            }
        } finally {
            producer.shutdown();
        }
    }

    private static void receiveExpress(MessageConsumer express, String run, PrintStream out) throws JMSException {
        while (true) {
            jakarta.jms.Message message = express.receive(RECEIVE_TIMEOUT_MILLIS);
            if (message == null) {
                throw new IllegalStateException("an express shipment did not arrive within "
                        + RECEIVE_TIMEOUT_MILLIS + " ms");
            }
            String tag = message.getStringProperty("JMS_Apogee_Tag");
            String body = ((TextMessage) message).getText();
            if (!"express".equals(tag)) {
                throw new IllegalStateException("the selector " + SELECTOR + " let through [" + tag + "] " + body);
            }
            if (body.endsWith(" of run " + run)) {
                out.println("JMS received [" + tag + "]: " + body);
                return;
            }
            out.println("skipped (an earlier run): " + body);
        }
    }
}
