package dev.apogee.ra.it.app;

import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * maxSession=3: a delivery waits (bounded) until a second delivery is inside onMessage at the same time. With
 * concurrent sessions every delivery reports "ok"; a serial adapter makes the first one report "timeout".
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = AppBeans.CONCURRENT_IN),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "3")})
public class ConcurrentMdb implements MessageListener {
    private static final CountDownLatch TWO_AT_ONCE = new CountDownLatch(2);

    @Resource(lookup = AppBeans.CF)
    private ConnectionFactory cf;

    @Override
    public void onMessage(Message message) {
        TWO_AT_ONCE.countDown();
        String outcome;
        try {
            outcome = TWO_AT_ONCE.await(20, TimeUnit.SECONDS) ? "ok" : "timeout";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome = "interrupted";
        }
        try {
            AppBeans.send(cf, AppBeans.CONCURRENT_OUT, outcome + ":" + ((TextMessage) message).getText());
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
