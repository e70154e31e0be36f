package dev.apogee.examples.springcamel;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Session;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** The six kinds of message body, each with a sample and the check that a received message carries it. */
enum MessageBody {
    TEXT {
        @Override
        Message create(Session session) throws JMSException {
            return session.createTextMessage("Grüße, 注文 ✓");
        }

        @Override
        void check(Message message) throws JMSException {
            assertEquals("Grüße, 注文 ✓", assertInstanceOf(TextMessage.class, message).getText());
        }
    },
    BYTES {
        @Override
        Message create(Session session) throws JMSException {
            BytesMessage message = session.createBytesMessage();
            message.writeBytes(SAMPLE_BYTES);
            return message;
        }

        @Override
        void check(Message message) throws JMSException {
            BytesMessage bytes = assertInstanceOf(BytesMessage.class, message);
            byte[] read = new byte[(int) bytes.getBodyLength()];
            bytes.readBytes(read);
            assertArrayEquals(SAMPLE_BYTES, read);
        }
    },
    MAP {
        @Override
        Message create(Session session) throws JMSException {
            MapMessage message = session.createMapMessage();
            message.setString("sku", "A-100");
            message.setInt("quantity", 3);
            message.setDouble("price", 9.75);
            message.setBoolean("gift", true);
            message.setBytes("note", SAMPLE_BYTES);
            return message;
        }

        @Override
        void check(Message message) throws JMSException {
            MapMessage map = assertInstanceOf(MapMessage.class, message);
            assertEquals("A-100", map.getString("sku"));
            assertEquals(3, map.getInt("quantity"));
            assertEquals(9.75, map.getDouble("price"));
            assertEquals(true, map.getBoolean("gift"));
            assertArrayEquals(SAMPLE_BYTES, map.getBytes("note"));
        }
    },
    OBJECT {
        @Override
        Message create(Session session) throws JMSException {
            return session.createObjectMessage(sampleObject());
        }

        @Override
        void check(Message message) throws JMSException {
            assertEquals(sampleObject(), assertInstanceOf(ObjectMessage.class, message).getObject());
        }
    },
    STREAM {
        @Override
        Message create(Session session) throws JMSException {
            StreamMessage message = session.createStreamMessage();
            message.writeString("first");
            message.writeInt(42);
            message.writeBoolean(true);
            message.writeBytes(SAMPLE_BYTES);
            return message;
        }

        @Override
        void check(Message message) throws JMSException {
            StreamMessage stream = assertInstanceOf(StreamMessage.class, message);
            assertEquals("first", stream.readString());
            assertEquals(42, stream.readInt());
            assertEquals(true, stream.readBoolean());
            byte[] read = new byte[SAMPLE_BYTES.length];
            assertEquals(SAMPLE_BYTES.length, stream.readBytes(read));
            assertArrayEquals(SAMPLE_BYTES, read);
        }
    },
    NONE {
        @Override
        Message create(Session session) throws JMSException {
            return session.createMessage();
        }

        @Override
        void check(Message message) {
            for (Class<?> bodied : List.of(TextMessage.class, BytesMessage.class, MapMessage.class,
                    ObjectMessage.class, StreamMessage.class)) {
                assertFalse(bodied.isInstance(message), "a message without a body arrived as a " + bodied);
            }
        }
    };

    private static final byte[] SAMPLE_BYTES = {0, 1, 2, (byte) 0x7f, (byte) 0x80, (byte) 0xff};

    /** A serializable object of the classes every provider trusts by default. */
    static ArrayList<Object> sampleObject() {
        return new ArrayList<>(List.of("order", 7, new BigDecimal("19.99"), LocalDate.of(2026, 12, 5)));
    }

    abstract Message create(Session session) throws JMSException;

    abstract void check(Message message) throws JMSException;
}
