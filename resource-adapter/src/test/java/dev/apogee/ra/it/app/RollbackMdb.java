package dev.apogee.ra.it.app;

import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.MessageDrivenContext;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;

/**
 * Forwards "attempt:N:text" (N = JMSXDeliveryCount) and rolls the first attempt back: only attempt 2 may ever
 * reach the output queue.
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = AppBeans.ROLLBACK_IN),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "1")})
public class RollbackMdb implements MessageListener {
    @Resource(lookup = AppBeans.CF)
    private ConnectionFactory cf;

    @Resource
    private MessageDrivenContext ctx;

    @Override
    public void onMessage(Message message) {
        try {
            int attempt = message.getIntProperty("JMSXDeliveryCount");
            AppBeans.send(cf, AppBeans.ROLLBACK_OUT, "attempt:" + attempt + ":" + ((TextMessage) message).getText());
            if (attempt == 1) {
                ctx.setRollbackOnly();
            }
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
