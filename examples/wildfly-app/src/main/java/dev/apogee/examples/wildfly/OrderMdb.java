package dev.apogee.examples.wildfly;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Consumes the {@code orders} queue through the Apogee adapter (bound in WEB-INF/jboss-ejb3.xml). Each delivery
 * runs in a container XA transaction that also holds the receive itself: whatever onMessage does through XA
 * resources (a database, the adapter's connection factory) commits together with the acknowledgement. An exception
 * rolls it back and the message is redelivered, at most {@code maxDeliveries} times before it moves to the
 * dead-letter queue.
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = "orders"),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "messageSelector", propertyValue = "kind = 'order'"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "2"),
        @ActivationConfigProperty(propertyName = "maxDeliveries", propertyValue = "3"),
        @ActivationConfigProperty(propertyName = "deadLetterQueue", propertyValue = "orders_dlq")})
public class OrderMdb implements MessageListener {
    private static final Logger LOG = LoggerFactory.getLogger(OrderMdb.class);

    @EJB
    private ProcessedOrders processed;

    @Override
    public void onMessage(Message message) {
        try {
            String item = ((TextMessage) message).getText();
            processed.add(item);
            LOG.info("processed order {} (delivery {})", item, message.getIntProperty("JMSXDeliveryCount"));
        } catch (JMSException e) {
            throw new IllegalStateException("unreadable order message", e);
        }
    }
}
