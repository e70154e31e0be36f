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
 * One container XA transaction with three branches: the inbound session's (the receive), and one per connection
 * definition (a send each). Forwards "cf1:N:text" and "cf2:N:text" (N = JMSXDeliveryCount) and rolls attempt 1
 * back, so only attempt 2's pair may ever reach the output queue, exactly once.
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = AppBeans.XA_IN),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "1")})
public class XaMdb implements MessageListener {
    @Resource(lookup = AppBeans.CF)
    private ConnectionFactory cf;

    @Resource(lookup = AppBeans.CF2)
    private ConnectionFactory cf2;

    @Resource
    private MessageDrivenContext ctx;

    @Override
    public void onMessage(Message message) {
        try {
            int attempt = message.getIntProperty("JMSXDeliveryCount");
            String text = attempt + ":" + ((TextMessage) message).getText();
            AppBeans.send(cf, AppBeans.XA_OUT, "cf1:" + text);
            AppBeans.send(cf2, AppBeans.XA_OUT, "cf2:" + text);
            if (attempt == 1) {
                ctx.setRollbackOnly();
            }
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
