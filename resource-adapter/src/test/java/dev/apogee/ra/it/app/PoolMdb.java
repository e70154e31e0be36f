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
 * maxSession=8 on a queue that one producing session filled (so, on the broker, one RocketMQ queue): a delivery waits
 * (bounded) until all eight sessions are inside onMessage at once. Only if every instance of the pool receives does
 * each delivery report "ok"; a pool whose sessions own whole queues leaves seven of them idle and reports "timeout".
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = AppBeans.POOL_IN),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "" + PoolMdb.POOL)})
public class PoolMdb implements MessageListener {
    public static final int POOL = 8;
    private static final CountDownLatch ALL_AT_ONCE = new CountDownLatch(POOL);

    @Resource(lookup = AppBeans.CF)
    private ConnectionFactory cf;

    @Override
    public void onMessage(Message message) {
        ALL_AT_ONCE.countDown();
        String outcome;
        try {
            outcome = ALL_AT_ONCE.await(30, TimeUnit.SECONDS) ? "ok" : "timeout";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome = "interrupted";
        }
        try {
            AppBeans.send(cf, AppBeans.POOL_OUT, outcome + ":" + ((TextMessage) message).getText());
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
