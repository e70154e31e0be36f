package dev.apogee.ra.it.app.bad;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** A selector that does not parse: only the broker side can tell, and the deployment must still fail. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = "it_invalid_selector"),
        @ActivationConfigProperty(propertyName = "messageSelector", propertyValue = "color = ")})
public class InvalidSelectorMdb implements MessageListener {
    @Override
    public void onMessage(Message message) {
    }
}
