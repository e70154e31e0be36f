package dev.apogee.tck.support;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;

/**
 * Message factories and a live round trip for the message-model tests (bodies, properties, read-only rules): one
 * connection, session, producer and consumer on a queue of its own, shared by those tests. A round trip sends with the
 * delivery mode and priority set on the message itself, so client-set header values can be checked after the wire,
 * and receives until it sees the message it sent (a message left behind by a failed test cannot be mistaken for it).
 */
public final class MessageFixture {
    private final Session session;
    private final MessageProducer producer;
    private final MessageConsumer consumer;

    private MessageFixture() throws JMSException {
        Connection connection = Tck.env().connectionFactory().createConnection();
        Tck.closeAtExit(connection);
        connection.start();
        session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = Tck.env().queue(Tck.uniqueName("tck_fixture"));
        producer = session.createProducer(queue);
        consumer = session.createConsumer(queue);
    }

    /** The fixture of this test JVM. */
    public static MessageFixture current() {
        return Holder.FIXTURE;
    }

    /** Convenience: round trip with a cast. */
    @SuppressWarnings("unchecked")
    public static <T extends Message> T received(T message) throws JMSException {
        return (T) current().roundTrip(message);
    }

    public Message createMessage() throws JMSException {
        return session.createMessage();
    }

    public TextMessage createTextMessage() throws JMSException {
        return session.createTextMessage();
    }

    public BytesMessage createBytesMessage() throws JMSException {
        return session.createBytesMessage();
    }

    public MapMessage createMapMessage() throws JMSException {
        return session.createMapMessage();
    }

    public StreamMessage createStreamMessage() throws JMSException {
        return session.createStreamMessage();
    }

    public ObjectMessage createObjectMessage() throws JMSException {
        return session.createObjectMessage();
    }

    public Queue queue(String name) throws JMSException {
        return Tck.env().queue(name);
    }

    public Topic topic(String name) throws JMSException {
        return Tck.env().topic(name);
    }

    /** Sends {@code message} and returns it as the consumer receives it. */
    public synchronized Message roundTrip(Message message) throws JMSException {
        int mode = message.getJMSDeliveryMode() == DeliveryMode.NON_PERSISTENT
                ? DeliveryMode.NON_PERSISTENT : DeliveryMode.PERSISTENT;
        int priority = message.getJMSPriority();
        producer.send(message, mode, priority >= 0 && priority <= 9 ? priority : Message.DEFAULT_PRIORITY, 0);
        String id = message.getJMSMessageID();
        while (true) {
            Message got = consumer.receive(Tck.env().receiveTimeoutMillis());
            if (got == null) {
                throw new AssertionError("the message sent (" + id + ") was not received");
            }
            if (id.equals(got.getJMSMessageID())) {
                return got;
            }
        }
    }

    private static final class Holder {
        static final MessageFixture FIXTURE = create();

        private static MessageFixture create() {
            try {
                return new MessageFixture();
            } catch (JMSException e) {
                throw new IllegalStateException("could not open the message fixture's connection", e);
            }
        }
    }
}
