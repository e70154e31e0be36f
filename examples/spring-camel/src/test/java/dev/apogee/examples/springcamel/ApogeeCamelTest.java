package dev.apogee.examples.springcamel;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** {@link CamelScenarios} on Apogee MQ; the overrides below are the provider gaps still open. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeCamelTest extends CamelScenarios {
    /**
     * Fails today at {@code new InitialContext()}: "JNDI property 'queue.orders.confirmed': [APOGEE-JMS-0010]
     * destination name 'orders.confirmed' is not a valid RocketMQ topic name".
     */
    @Override
    @Test
    @Disabled("needs any destination name incl. dots (the name encoding), issue 26")
    void dottedDestinationNames(Provider provider) throws Exception {
        super.dottedDestinationNames(provider);
    }
}
