package dev.apogee.jms.message;

import jakarta.jms.JMSException;
import jakarta.jms.TextMessage;

import java.nio.charset.StandardCharsets;

/** A TextMessage; on the wire the body is the text's UTF-8 bytes, readable by native consumers. */
public class ApogeeTextMessage extends ApogeeMessage implements TextMessage {
    private String text;

    public ApogeeTextMessage() {
    }

    @Override
    public BodyKind bodyKind() {
        return BodyKind.TEXT;
    }

    @Override
    public void setText(String text) throws JMSException {
        checkBodyWritable();
        this.text = text;
    }

    @Override
    public String getText() {
        return text;
    }

    /** The text itself, encoded by the native client straight into the request; none when null or empty. */
    @Override
    String wireText() {
        return text == null || text.isEmpty() ? null : text;
    }

    /** The text's UTF-8 encoding (a compact Latin-1 string of ASCII text: one array copy). */
    @Override
    byte[] wireBody() {
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void clearBody() throws JMSException {
        super.clearBody();
        text = null;
    }

    @Override
    Object bodyValue() {
        return text;
    }

    @Override
    public ApogeeTextMessage copy() throws JMSException {
        ApogeeTextMessage copy = new ApogeeTextMessage();
        copyHeadersAndPropertiesTo(copy);
        copy.text = text;
        return copy;
    }
}
