package dev.apogee.jms.provider;

import dev.apogee.client.message.CompactProperties;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageExt;
import dev.apogee.jms.message.ReceivedProperties;
import dev.apogee.jms.message.WirePropertyMap;
import dev.apogee.jms.message.WireMessage;

import java.util.Map;

/** Conversions between the JMS wire form ({@link WireMessage}) and the native client's messages. Stateless. */
final class NativeMessages {
    /** The property names a JMS message mostly carries: decoded as these instances, not a copy per message. */
    private NativeMessages() {
    }

    /** The native message that sends {@code wire}; delayed to {@code deliveryTime} when that is in the future. */
    static Message nativeMessage(WireMessage wire, long deliveryTime) {
        // one compact map, sized once for all properties and what the producer adds (UNIQ_KEY and the like); the
        // tags, keys and WAIT the four-argument constructor would put in a default map of its own
        Map<String, String> properties = new CompactProperties(wire.properties().size() + 6);
        if (wire.tags() != null && !wire.tags().isEmpty()) {
            properties.put(MessageConst.TAGS, wire.tags());
        }
        if (wire.keys() != null && !wire.keys().isEmpty()) {
            properties.put(MessageConst.KEYS, wire.keys());
        }
        properties.put(MessageConst.WAIT, "true");
        wire.properties().forEach(properties::put);
        Message message = new Message();
        message.setTopic(wire.topic());
        if (wire.text() != null) {
            message.setTextBody(wire.text()); // UTF-8 encoded by the client straight into the request
        } else {
            message.setBody(wire.body());
        }
        message.setProperties(properties);
        if (deliveryTime > System.currentTimeMillis()) {
            message.setDeliverTimeMs(deliveryTime);
        }
        return message;
    }

    /**
     * The wire form of a pulled message. Its properties stay the strings the record came with
     * ({@link ReceivedProperties}: the codec reads them in place), unless something already decoded them into the
     * message's map.
     */
    static WireMessage toWire(MessageExt m) {
        byte[] body = m.getBody() == null ? new byte[0] : m.getBody();
        // a message the group was handed before (its consumer closed or died) counts one delivery more
        int deliveriesBefore = m.getReconsumeTimes() + (m.isRedelivered() ? 1 : 0);
        if (m.receivedProperties() != null) { // as received: the codec reads the pairs in place
            ReceivedProperties props = new ReceivedProperties(m.receivedProperties(), m.appendedProperties());
            return new WireMessage(m.getTopic(), props.tags(), props.keys(), body, props, m.getBornTimestamp(),
                    deliveriesBefore);
        }
        WirePropertyMap.Builder props = WirePropertyMap.builder();
        m.getProperties().forEach(props::put);
        String tags = props.remove(MessageConst.TAGS);
        String keys = props.remove(MessageConst.KEYS);
        return new WireMessage(m.getTopic(), tags, keys, body, props.build(), m.getBornTimestamp(), deliveriesBefore);
    }
}
