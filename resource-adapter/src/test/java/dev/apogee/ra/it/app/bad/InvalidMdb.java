package dev.apogee.ra.it.app.bad;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Invalid activation properties: its deployment must fail and name each. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = "it_invalid"),
        @ActivationConfigProperty(propertyName = "acknowledgeMode", propertyValue = "Client-acknowledge"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "0"),
        @ActivationConfigProperty(propertyName = "consumeFrom", propertyValue = "YESTERDAY")})
public class InvalidMdb implements MessageListener {
    @Override
    public void onMessage(Message message) {
    }
}
