package dev.apogee.jms.exception;

/**
 * Implemented by (or adapted from) a native-client failure that carries a RocketMQ response code (protocol §2.1) or a
 * client-local code (10001…10007), so {@link JmsExceptions#translate(Throwable)} can pick a {@code JMSException}
 * subclass without knowing the client's exception types.
 */
public interface ResponseCodeCarrier {
    /** The RocketMQ response code or client-local error code. */
    int responseCode();
}
