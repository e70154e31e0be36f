package dev.apogee.tck.context;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.Queue;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.DisplayName;

/**
 * {@code JMSConsumer.receiveBody} after a wrong-type failure (Jakarta Messaging 3.1 §8.6): in AUTO_ACKNOWLEDGE and
 * DUPS_OK_ACKNOWLEDGE the message stays deliverable, and the blocking forms return it (each call is bounded, so a hang
 * fails the test).
 */
class ReceiveBodyTest extends TckTestBase {

    private static Duration bound() {
        return Duration.ofMillis(2 * timeout());
    }

    @ParameterizedTest(name = "mode {0}")
    @ValueSource(ints = {JMSContext.AUTO_ACKNOWLEDGE, JMSContext.DUPS_OK_ACKNOWLEDGE})
    @Spec("8.6")
    @DisplayName("8.6 after a wrong-type receiveBody the blocking receiveBody(Class) of the right type returns it")
    void blockingReceiveBodyAfterWrongType(int mode) throws Exception {
        Queue queue = queue();
        JMSContext ctx = context(mode);
        ctx.createProducer().send(queue, "text body");
        JMSConsumer consumer = ctx.createConsumer(queue);
        assertTimeoutPreemptively(bound(), () -> {
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(byte[].class));
        });
        assertEquals("text body", assertTimeoutPreemptively(bound(), () -> consumer.receiveBody(String.class)));
        ctx.createProducer().send(queue, new byte[] {7});
        assertArrayEquals(new byte[] {7}, assertTimeoutPreemptively(bound(),
                () -> consumer.receiveBody(byte[].class)));
    }

    @ParameterizedTest(name = "mode {0}")
    @ValueSource(ints = {JMSContext.AUTO_ACKNOWLEDGE, JMSContext.DUPS_OK_ACKNOWLEDGE})
    @Spec("8.6")
    @DisplayName("8.6 a wrong-type receiveBody repeated keeps failing without blocking; then the message is read")
    void repeatedWrongTypeNeverBlocks(int mode) throws Exception {
        Queue queue = queue();
        JMSContext ctx = context(mode);
        ctx.createProducer().send(queue, "stays");
        JMSConsumer consumer = ctx.createConsumer(queue);
        for (int i = 0; i < 3; i++) {
            assertTimeoutPreemptively(bound(), () -> {
                assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(Long.class, timeout()));
            });
        }
        assertTimeoutPreemptively(bound(), () -> {
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBodyNoWait(byte[].class));
        });
        assertEquals("stays", assertTimeoutPreemptively(bound(), () -> consumer.receiveBodyNoWait(String.class)));
    }

    @ParameterizedTest(name = "mode {0}")
    @ValueSource(ints = {JMSContext.AUTO_ACKNOWLEDGE, JMSContext.DUPS_OK_ACKNOWLEDGE})
    @Spec("8.6")
    @DisplayName("8.6 after a wrong-type receiveBody and a consumer close, a new consumer gets the message")
    void newConsumerGetsTheMessageAfterClose(int mode) throws Exception {
        Queue queue = queue();
        JMSContext ctx = context(mode);
        ctx.createProducer().send(queue, "for the next consumer");
        JMSConsumer first = ctx.createConsumer(queue);
        assertTimeoutPreemptively(bound(), () -> {
            assertThrows(MessageFormatRuntimeException.class, () -> first.receiveBody(byte[].class));
        });
        first.close();
        JMSConsumer second = ctx.createConsumer(queue);
        assertEquals("for the next consumer", assertTimeoutPreemptively(bound(),
                () -> second.receiveBody(String.class)));
    }

    @ParameterizedTest(name = "mode {0}")
    @ValueSource(ints = {JMSContext.AUTO_ACKNOWLEDGE, JMSContext.DUPS_OK_ACKNOWLEDGE})
    @Spec("8.6")
    @DisplayName("8.6 after a wrong-type receiveBody, another open consumer of the context gets the message")
    void anotherOpenConsumerGetsTheMessage(int mode) throws Exception {
        Queue queue = queue();
        JMSContext ctx = context(mode);
        ctx.createProducer().send(queue, "for whoever asks next");
        JMSConsumer first = ctx.createConsumer(queue);
        assertTimeoutPreemptively(bound(), () -> {
            assertThrows(MessageFormatRuntimeException.class, () -> first.receiveBody(byte[].class));
        });
        JMSConsumer second = ctx.createConsumer(queue);
        assertEquals("for whoever asks next", assertTimeoutPreemptively(bound(),
                () -> second.receiveBody(String.class)));
        assertNoMessage(first);
        assertNoMessage(second);
        ctx.close();
        assertNoMessage(context().createConsumer(queue)); // consumed once: neither lost nor delivered again
    }
}
