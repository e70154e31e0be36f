package dev.apogee.jms.spec;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.util.ServiceLoader;

/**
 * What the provider-neutral spec tests in this package need from a provider: message and destination factories and a
 * send-and-receive round trip. Found with {@link ServiceLoader}; a provider binds it in
 * {@code META-INF/services/dev.apogee.jms.spec.MessageFixture}. The tests use nothing else but {@code jakarta.jms},
 * so the future {@code tck-subset} module can run them against a live connection (roundTrip = send + receive).
 */
public interface MessageFixture {
    Message createMessage() throws JMSException;

    TextMessage createTextMessage() throws JMSException;

    BytesMessage createBytesMessage() throws JMSException;

    MapMessage createMapMessage() throws JMSException;

    StreamMessage createStreamMessage() throws JMSException;

    ObjectMessage createObjectMessage() throws JMSException;

    Queue queue(String name) throws JMSException;

    Topic topic(String name) throws JMSException;

    /** Sends {@code message} and returns it as a consumer receives it. */
    Message roundTrip(Message message) throws JMSException;

    /** The fixture bound for this test run. */
    static MessageFixture current() {
        return Holder.FIXTURE;
    }

    /** Lazily loaded singleton. */
    final class Holder {
        static final MessageFixture FIXTURE = ServiceLoader.load(MessageFixture.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("no MessageFixture service bound"));

        private Holder() {
        }
    }

    /** Convenience: round trip with a cast. */
    @SuppressWarnings("unchecked")
    static <T extends Message> T received(T message) throws JMSException {
        return (T) current().roundTrip(message);
    }
}
