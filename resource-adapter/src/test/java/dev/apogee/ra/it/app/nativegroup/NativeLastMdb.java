package dev.apogee.ra.it.app.nativegroup;

import dev.apogee.ra.it.app.AppBeans;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Reads the same topic as native group {@code IT_NATIVE_LAST}, from what is sent after activation: "last:text". */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destination", propertyValue = NativeFirstMdb.TOPIC),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Topic"),
        @ActivationConfigProperty(propertyName = "consumerGroup", propertyValue = NativeFirstMdb.LAST_GROUP),
        @ActivationConfigProperty(propertyName = "consumeFrom", propertyValue = "LAST")})
public class NativeLastMdb implements MessageListener {
    @Resource(lookup = AppBeans.CF)
    private ConnectionFactory cf;

    @Override
    public void onMessage(Message message) {
        NativeFirstMdb.forward(cf, "last:", message);
    }
}
