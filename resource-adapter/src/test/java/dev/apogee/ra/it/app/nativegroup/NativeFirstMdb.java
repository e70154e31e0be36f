package dev.apogee.ra.it.app.nativegroup;

import dev.apogee.ra.it.app.AppBeans;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;

/** Reads {@link #TOPIC} as native group {@link #FIRST_GROUP} from its first message; forwards "first:text". */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = NativeFirstMdb.TOPIC),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Topic"),
        @ActivationConfigProperty(propertyName = "consumerGroup", propertyValue = NativeFirstMdb.FIRST_GROUP),
        @ActivationConfigProperty(propertyName = "consumeFrom", propertyValue = "FIRST")})
public class NativeFirstMdb implements MessageListener {
    public static final String TOPIC = "it_native_topic";
    public static final String OUT = "it_native_out";
    public static final String FIRST_GROUP = "IT_NATIVE_FIRST";
    public static final String LAST_GROUP = "IT_NATIVE_LAST";

    @Resource(lookup = AppBeans.CF)
    private ConnectionFactory cf;

    @Override
    public void onMessage(Message message) {
        forward(cf, "first:", message);
    }

    static void forward(ConnectionFactory cf, String prefix, Message message) {
        try {
            AppBeans.send(cf, OUT, prefix + ((TextMessage) message).getText());
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
