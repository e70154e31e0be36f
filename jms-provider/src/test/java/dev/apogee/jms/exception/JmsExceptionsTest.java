package dev.apogee.jms.exception;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.MessageEOFException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotReadableException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.ResourceAllocationException;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The error catalogue and the one translation point (STYLE: translate exceptions once, with an error code). */
class JmsExceptionsTest {

    static Stream<Arguments> subclassTable() {
        return Stream.of(
                Arguments.of(ErrorCode.CONVERSION, MessageFormatException.class),
                Arguments.of(ErrorCode.UNTRUSTED_CLASS, MessageFormatException.class),
                Arguments.of(ErrorCode.NOT_WRITEABLE, MessageNotWriteableException.class),
                Arguments.of(ErrorCode.NOT_READABLE, MessageNotReadableException.class),
                Arguments.of(ErrorCode.END_OF_BODY, MessageEOFException.class),
                Arguments.of(ErrorCode.INVALID_DESTINATION, InvalidDestinationException.class),
                Arguments.of(ErrorCode.TOPIC_NOT_FOUND, InvalidDestinationException.class),
                Arguments.of(ErrorCode.INVALID_SELECTOR, InvalidSelectorException.class),
                Arguments.of(ErrorCode.NO_PERMISSION, JMSSecurityException.class),
                Arguments.of(ErrorCode.BROKER_BUSY, ResourceAllocationException.class),
                Arguments.of(ErrorCode.ILLEGAL_STATE, IllegalStateException.class),
                Arguments.of(ErrorCode.CONNECTION_FAILED, JMSException.class),
                Arguments.of(ErrorCode.INTERNAL, JMSException.class));
    }

    @ParameterizedTest
    @MethodSource("subclassTable")
    void codeSelectsSubclass(ErrorCode code, Class<? extends JMSException> type) {
        JMSException e = JmsExceptions.create(code, "text");
        assertEquals(type, e.getClass());
        assertEquals(code.code(), e.getErrorCode());
        assertEquals("[" + code.code() + "] text", e.getMessage());
    }

    @Test
    void codesAreUniqueAndWellFormed() {
        Set<String> seen = new HashSet<>();
        for (ErrorCode code : ErrorCode.values()) {
            assertTrue(code.code().matches("APOGEE-JMS-\\d{4}"), code.code());
            assertTrue(seen.add(code.code()), code.code());
        }
    }

    record ClientFailure(int responseCode) implements ResponseCodeCarrier {
    }

    static final class NativeException extends RuntimeException implements ResponseCodeCarrier {
        private final int code;

        NativeException(int code) {
            super("native failure " + code);
            this.code = code;
        }

        @Override
        public int responseCode() {
            return code;
        }
    }

    static Stream<Arguments> responseCodeTable() {
        return Stream.of(
                Arguments.of(2, ResourceAllocationException.class, ErrorCode.BROKER_BUSY),
                Arguments.of(215, ResourceAllocationException.class, ErrorCode.BROKER_BUSY),
                Arguments.of(13, JMSException.class, ErrorCode.MESSAGE_REJECTED),
                Arguments.of(16, JMSSecurityException.class, ErrorCode.NO_PERMISSION),
                Arguments.of(17, InvalidDestinationException.class, ErrorCode.TOPIC_NOT_FOUND),
                Arguments.of(23, InvalidSelectorException.class, ErrorCode.INVALID_SELECTOR),
                Arguments.of(29, InvalidDestinationException.class, ErrorCode.INVALID_DESTINATION),
                Arguments.of(10001, JMSException.class, ErrorCode.CONNECTION_FAILED),
                Arguments.of(1500, JMSException.class, ErrorCode.CONNECTION_FAILED),
                Arguments.of(1, JMSException.class, ErrorCode.BROKER_ERROR));
    }

    // Protocol §2.1 response codes → JMSException subclasses, also when wrapped (e.g. by a CompletableFuture)
    @ParameterizedTest
    @MethodSource("responseCodeTable")
    void translatesResponseCodes(int responseCode, Class<? extends JMSException> type, ErrorCode code) {
        JMSException direct = JmsExceptions.translate(new NativeException(responseCode));
        assertEquals(type, direct.getClass());
        assertEquals(code.code(), direct.getErrorCode());
        assertInstanceOf(NativeException.class, direct.getLinkedException());
        JMSException wrapped = JmsExceptions.translate(new CompletionException(new NativeException(responseCode)));
        assertEquals(type, wrapped.getClass());
    }

    @Test
    void translatesOtherFailures() {
        JMSException original = new MessageFormatException("x");
        assertSame(original, JmsExceptions.translate(original));
        assertEquals(ErrorCode.CONNECTION_FAILED.code(), JmsExceptions.translate(new TimeoutException()).getErrorCode());
        assertEquals(ErrorCode.CONNECTION_FAILED.code(),
                JmsExceptions.translate(new RuntimeException(new IOException("reset"))).getErrorCode());
        assertInstanceOf(IllegalStateException.class, JmsExceptions.translate(new java.lang.IllegalStateException("closed")));
        assertEquals(ErrorCode.INTERNAL.code(), JmsExceptions.translate(new NullPointerException()).getErrorCode());
        assertEquals(ErrorCode.BROKER_BUSY, JmsExceptions.forResponseCode(new ClientFailure(2).responseCode()));
    }
}
