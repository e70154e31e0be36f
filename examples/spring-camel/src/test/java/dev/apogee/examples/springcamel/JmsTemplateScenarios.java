package dev.apogee.examples.springcamel;

import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.jms.listener.adapter.MessageListenerAdapter;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** {@link JmsTemplate}: the six bodies, message conversion, a selective receive, request/reply. */
abstract class JmsTemplateScenarios extends Scenarios {
    @ParameterizedTest
    @EnumSource(MessageBody.class)
    void sendsAndReceivesEveryBodyType(MessageBody body) throws Exception {
        JmsTemplate template = app.template();
        template.send("bodies", session -> {
            Message message = body.create(session);
            message.setJMSCorrelationID("corr-" + body);
            message.setJMSType("sample");
            message.setStringProperty("body", body.name());
            return message;
        });
        Message received = template.receive("bodies");
        assertNotNull(received, body + " message not received");
        body.check(received);
        assertEquals("corr-" + body, received.getJMSCorrelationID());
        assertEquals("sample", received.getJMSType());
        assertEquals(body.name(), received.getStringProperty("body"));
    }

    @Test
    void convertsObjectsToMessagesAndBack() {
        JmsTemplate template = app.template();
        template.convertAndSend("converted", "plain text");
        assertEquals("plain text", template.receiveAndConvert("converted"));
        template.convertAndSend("converted", new byte[] {4, 5, 6});
        assertArrayEquals(new byte[] {4, 5, 6}, (byte[]) template.receiveAndConvert("converted"));
        Map<String, Object> map = Map.of("sku", "B-7", "quantity", 2L, "express", true);
        template.convertAndSend("converted", map);
        assertEquals(map, template.receiveAndConvert("converted"));
        template.convertAndSend("converted", MessageBody.sampleObject());
        assertEquals(MessageBody.sampleObject(), template.receiveAndConvert("converted"));
    }

    /** The selector takes the red message sent after the blue one; the blue one stays for the next receive. */
    @Test
    void receiveSelectedTakesTheRedAndLeavesTheBlue() throws Exception {
        JmsTemplate template = app.template();
        for (String color : List.of("blue", "red")) {
            template.convertAndSend("colors", color + " car", message -> {
                message.setStringProperty("color", color);
                return message;
            });
        }
        Message red = template.receiveSelected("colors", "color = 'red'");
        assertNotNull(red, "the red message was not selected");
        assertEquals("red car", ((TextMessage) red).getText());
        Message blue = template.receive("colors");
        assertNotNull(blue, "the blue message did not stay on the queue");
        assertEquals("blue car", ((TextMessage) blue).getText());
    }

    /**
     * {@code sendAndReceive} creates a temporary queue, sends the request with it as {@code JMSReplyTo} and waits for
     * the reply a Spring {@link MessageListenerAdapter} sends there.
     */
    @Test
    void sendAndReceiveGetsTheReplyOverATemporaryQueue() throws Exception {
        app.container("requests", new MessageListenerAdapter(new Echo()), container -> { });
        JmsTemplate template = app.template();
        for (String request : List.of("ping-1", "ping-2")) {
            Message reply = template.sendAndReceive("requests", session -> session.createTextMessage(request));
            assertNotNull(reply, "no reply to " + request);
            assertEquals("echo: " + request, assertInstanceOf(TextMessage.class, reply).getText());
        }
    }

    /** The responder: a POJO whose return value {@link MessageListenerAdapter} sends to {@code JMSReplyTo}. */
    static final class Echo {
        public String handleMessage(String request) {
            return "echo: " + request;
        }
    }
}
