package dev.apogee.ra.it.app;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Always fails: after maxDeliveries (3) attempts the adapter must move the message to the dead-letter queue. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = AppBeans.POISON),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "1"),
        @ActivationConfigProperty(propertyName = "maxDeliveries", propertyValue = "3"),
        @ActivationConfigProperty(propertyName = "deadLetterQueue", propertyValue = AppBeans.DLQ)})
public class PoisonMdb implements MessageListener {
    @Override
    public void onMessage(Message message) {
        AppBeans.count(AppBeans.POISON_ATTEMPTS);
        throw new IllegalStateException("poison message (expected by the test)");
    }
}
