package dev.apogee.jms.provider;

import jakarta.jms.JMSException;

/** Asynchronous events from a {@link Provider}. */
@FunctionalInterface
public interface ProviderListener {
    /** A failure not tied to a call (e.g. the connection to the name servers was lost). */
    void onFailure(JMSException failure);
}
