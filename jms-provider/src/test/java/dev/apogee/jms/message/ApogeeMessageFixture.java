package dev.apogee.jms.message;

import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.jms.spec.MessageFixture;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;

/**
 * Binds the provider-neutral spec tests to our message layer: the round trip is encode → RocketMQ properties string
 * (written and re-parsed with the official client's rules) → decode.
 */
public final class ApogeeMessageFixture implements MessageFixture {
    private final MessageCodec codec = new MessageCodec();

    @Override
    public Message createMessage() {
        return new ApogeeMessage();
    }

    @Override
    public TextMessage createTextMessage() {
        return new ApogeeTextMessage();
    }

    @Override
    public BytesMessage createBytesMessage() {
        return new ApogeeBytesMessage();
    }

    @Override
    public MapMessage createMapMessage() {
        return new ApogeeMapMessage();
    }

    @Override
    public StreamMessage createStreamMessage() {
        return new ApogeeStreamMessage();
    }

    @Override
    public ObjectMessage createObjectMessage() {
        return new ApogeeObjectMessage();
    }

    @Override
    public Queue queue(String name) throws JMSException {
        return new ApogeeQueue(name);
    }

    @Override
    public Topic topic(String name) throws JMSException {
        return new ApogeeTopic(name);
    }

    @Override
    public Message roundTrip(Message message) throws JMSException {
        if (message.getJMSDestination() == null) {
            message.setJMSDestination(new ApogeeQueue("spec-queue"));
        }
        WireMessage sent = codec.encode(message);
        return codec.decode(RocketMqProperties.throughTheWire(sent, 1L, 0), null);
    }
}
