package dev.apogee.jms.api;

import jakarta.jms.JMSConsumer;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

import static dev.apogee.jms.api.RuntimeExceptions.unchecked;
import static dev.apogee.jms.api.RuntimeExceptions.uncheckedRun;

/** The simplified-API consumer: an {@link ApogeeMessageConsumer} with unchecked exceptions. */
public class ApogeeJMSConsumer implements JMSConsumer {
    private final ApogeeMessageConsumer consumer;

    ApogeeJMSConsumer(ApogeeMessageConsumer consumer) {
        this.consumer = consumer;
    }

    @Override
    public String getMessageSelector() {
        return unchecked(consumer::getMessageSelector);
    }

    @Override
    public MessageListener getMessageListener() {
        return unchecked(consumer::getMessageListener);
    }

    @Override
    public void setMessageListener(MessageListener listener) {
        uncheckedRun(() -> consumer.setMessageListener(listener));
    }

    @Override
    public Message receive() {
        return unchecked(consumer::receive);
    }

    @Override
    public Message receive(long timeout) {
        return unchecked(() -> consumer.receive(timeout));
    }

    @Override
    public Message receiveNoWait() {
        return unchecked(consumer::receiveNoWait);
    }

    @Override
    public void close() {
        uncheckedRun(consumer::close);
    }

    @Override
    public <T> T receiveBody(Class<T> c) {
        return unchecked(() -> consumer.receiveBody(c, 0));
    }

    @Override
    public <T> T receiveBody(Class<T> c, long timeout) {
        return unchecked(() -> consumer.receiveBody(c, timeout <= 0 ? 0 : timeout));
    }

    @Override
    public <T> T receiveBodyNoWait(Class<T> c) {
        return unchecked(() -> consumer.receiveBody(c, -1));
    }
}
