package dev.apogee.ra.it.app;

import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;

/**
 * NOT_SUPPORTED: no container transaction, so the adapter's local session commits when onMessage returns and rolls
 * back when it throws. Throws on attempt 1 (before sending) and forwards "local:N:text" from attempt 2 on.
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = AppBeans.LOCAL_IN),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "1")})
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class LocalMdb implements MessageListener {
    @Resource(lookup = AppBeans.CF)
    private ConnectionFactory cf;

    @Override
    public void onMessage(Message message) {
        try {
            int attempt = message.getIntProperty("JMSXDeliveryCount");
            if (attempt == 1) {
                throw new IllegalStateException("first attempt fails (expected by the test)");
            }
            AppBeans.send(cf, AppBeans.LOCAL_OUT, "local:" + attempt + ":" + ((TextMessage) message).getText());
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
