package dev.apogee.ra.inflow;

import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.endpoint.MessageEndpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The steps of one delivery to an endpoint: beforeDelivery, onMessage, afterDelivery. Callers pair the first and
 * the last in {@code finally}, so the container's transaction always ends. Stateless.
 */
final class Delivery {
    private static final Logger LOG = LoggerFactory.getLogger(Delivery.class);

    private Delivery() {
    }

    /** Lets the container begin its transaction (and enlist the session's resource, for a transacted endpoint). */
    static void before(MessageEndpoint endpoint) throws ResourceException {
        try {
            endpoint.beforeDelivery(Activation.ON_MESSAGE);
        } catch (NoSuchMethodException e) {
            throw new ResourceException("APOGEE-RA-0008 the endpoint has no onMessage(Message) method", e);
        }
    }

    /** True when onMessage returned normally; an exception from it means the message is to be redelivered. */
    static boolean onMessage(MessageEndpoint endpoint, Message m) {
        try {
            ((MessageListener) endpoint).onMessage(m);
            return true;
        } catch (RuntimeException e) {
            LOG.debug("onMessage threw; the message will be redelivered", e);
            return false;
        }
    }

    /** Lets the container end its transaction; false when it could not complete it (e.g. it rolled back). */
    static boolean after(MessageEndpoint endpoint) {
        try {
            endpoint.afterDelivery();
            return true;
        } catch (ResourceException e) {
            LOG.debug("afterDelivery failed; the message will be redelivered", e);
            return false;
        }
    }

    /** Delivers {@code m} bracketed by before/after: true when onMessage and the container both completed. */
    static boolean invoke(MessageEndpoint endpoint, Message m) throws ResourceException {
        before(endpoint);
        boolean succeeded = false;
        try {
            succeeded = onMessage(endpoint, m);
        } finally {
            succeeded &= after(endpoint);
        }
        return succeeded;
    }
}
