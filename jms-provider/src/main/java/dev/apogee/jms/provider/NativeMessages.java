package dev.apogee.jms.provider;

import dev.apogee.client.message.CompactProperties;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageExt;
import dev.apogee.jms.message.WirePropertyMap;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.jms.message.WireNames;

/** Conversions between the JMS wire form ({@link WireMessage}) and the native client's messages. Stateless. */
final class NativeMessages {
    /** The property names a JMS message mostly carries: decoded as these instances, not a copy per message. */
    private static final String[] RECEIVED_NAMES = {WireNames.BODY, WireNames.UNIQ_KEY, WireNames.TIMESTAMP,
        WireNames.DESTINATION, WireNames.DELIVERY_MODE, WireNames.PRIORITY, WireNames.CORRELATION_ID,
        WireNames.REPLY_TO, WireNames.TYPE, WireNames.EXPIRATION, WireNames.DELIVERY_TIME, WireNames.TYPES,
        WireNames.EMPTY_BODY, WireNames.MESSAGE_ID, MessageConst.TAGS, MessageConst.KEYS, MessageConst.WAIT,
        MessageConst.MIN_OFFSET, MessageConst.MAX_OFFSET};

    /**
     * A cache of the last value received for each name {@link #toWire} knows, for one stream of messages (a
     * consumer's): the messages of a destination repeat most of their values, which are then shared instead of
     * copied out of every message.
     */
    static String[] newValueCache() {
        return new String[RECEIVED_NAMES.length];
    }

    private NativeMessages() {
    }

    /** The native message that sends {@code wire}; delayed to {@code deliveryTime} when that is in the future. */
    static Message nativeMessage(WireMessage wire, long deliveryTime) {
        // one compact map, sized once for all properties and what the producer adds (UNIQ_KEY and the like); the
        // tags, keys and WAIT the four-argument constructor would put in a default map of its own. The codec's
        // properties are copied as arrays: they hold each name once already
        CompactProperties properties;
        if (wire.properties() instanceof WirePropertyMap encoded) {
            properties = encoded.copyEntries(6);
        } else {
            properties = new CompactProperties(wire.properties().size() + 6);
            wire.properties().forEach(properties::put);
        }
        if (wire.tags() != null && !wire.tags().isEmpty()) {
            properties.put(MessageConst.TAGS, wire.tags());
        }
        if (wire.keys() != null && !wire.keys().isEmpty()) {
            properties.put(MessageConst.KEYS, wire.keys());
        }
        properties.put(MessageConst.WAIT, "true");
        Message message = new Message();
        message.setTopic(wire.topic());
        wire.giveBodyTo(message);
        message.setProperties(properties);
        if (deliveryTime > System.currentTimeMillis()) {
            message.setDeliverTimeMs(deliveryTime);
        }
        return message;
    }

    /**
     * The wire form of a pulled message. Its properties go from the record's encoded string straight into the wire
     * message's compact map, in one pass, unless something already decoded them; values equal to the ones in
     * {@code lastValues} ({@link #newValueCache()}, or null) are those instances.
     */
    static WireMessage toWire(MessageExt m, String[] lastValues) {
        WirePropertyMap.Builder props = WirePropertyMap.builder();
        if (!m.forEachEncodedProperty(RECEIVED_NAMES, lastValues, props::put)) {
            m.getProperties().forEach(props::put);
        }
        String tags = props.remove(MessageConst.TAGS);
        String keys = props.remove(MessageConst.KEYS);
        byte[] body = m.getBody() == null ? new byte[0] : m.getBody();
        // a message the group was handed before (its consumer closed or died) counts one delivery more
        int deliveriesBefore = m.getReconsumeTimes() + (m.isRedelivered() ? 1 : 0);
        return new WireMessage(m.getTopic(), tags, keys, body, props.build(), m.getBornTimestamp(), deliveriesBefore);
    }
}
