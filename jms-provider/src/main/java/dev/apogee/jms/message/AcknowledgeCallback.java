package dev.apogee.jms.message;

import jakarta.jms.JMSException;

/**
 * Set by the session on each message it delivers; {@link ApogeeMessage#acknowledge()} calls it. In CLIENT_ACKNOWLEDGE
 * mode the session acknowledges every message it has delivered so far (Jakarta Messaging 3.1 §6.2.10); in other modes
 * it does nothing. The session throws {@code IllegalStateException} if it is closed.
 */
@FunctionalInterface
public interface AcknowledgeCallback {
    void acknowledge(ApogeeMessage message) throws JMSException;
}
