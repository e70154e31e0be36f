package dev.apogee.ra.it.app.leak;

import dev.apogee.ra.it.app.AppBeans;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Deployed and undeployed by the leak test; counts what it receives. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = AppBeans.LEAK_IN),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "2")})
public class LeakMdb implements MessageListener {
    @Override
    public void onMessage(Message message) {
        AppBeans.count(AppBeans.LEAK_RECEIVED);
    }
}
