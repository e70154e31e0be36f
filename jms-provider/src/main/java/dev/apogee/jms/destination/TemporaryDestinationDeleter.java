package dev.apogee.jms.destination;

import jakarta.jms.JMSException;

/** Bound by the connection that created a temporary destination; performs {@code delete()}. */
@FunctionalInterface
public interface TemporaryDestinationDeleter {
    /** Deletes the temporary destination, failing if it still has consumers (Jakarta Messaging 3.1 §6.2.9). */
    void delete(ApogeeDestination destination) throws JMSException;
}
