package dev.apogee.broker.timer;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.record.MessageProperty;
import dev.apogee.store.record.PropertiesCodec;

import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Parks timer messages (RocketMQ 5 properties {@code TIMER_DELIVER_MS} absolute, {@code TIMER_DELAY_SEC} /
 * {@code TIMER_DELAY_MS} relative) in the timer topic until due: their real topic and queue go to REAL_TOPIC /
 * REAL_QID, the due time to {@code TIMER_OUT_MS} and to the record's consume-queue tags code, so that the timer
 * wheel is rebuilt from consume-queue entries alone. A message already due is stored normally. Stateless.
 */
public final class TimerRouting {
    static final String TIMER_OUT_MS = "TIMER_OUT_MS";
    static final String TIMER_ENQUEUE_MS = "TIMER_ENQUEUE_MS";

    private final LongSupplier clock;
    private final long maxDelayMillis;

    public TimerRouting(LongSupplier clock, long maxDelayMillis) {
        this.clock = clock;
        this.maxDelayMillis = maxDelayMillis;
    }

    /** @return true if the message was redirected to the timer topic. */
    public boolean apply(MessageToStore message) {
        String props = message.properties();
        if (props.indexOf("TIMER_") < 0) {
            return false;
        }
        long now = clock.getAsLong();
        long due = dueTime(props, now);
        if (due <= now) {
            return false;
        }
        if (due - now > maxDelayMillis) {
            throw new RemotingCommandException(ResponseCode.MESSAGE_ILLEGAL, "timer message delay of "
                    + (due - now) + " ms exceeds the broker's maximum of " + maxDelayMillis + " ms");
        }
        Map<String, String> properties = PropertiesCodec.decode(props);
        properties.put(MessageProperties.REAL_TOPIC, message.topic());
        properties.put(MessageProperties.REAL_QID, String.valueOf(message.queueId()));
        properties.put(TIMER_OUT_MS, String.valueOf(due));
        properties.put(TIMER_ENQUEUE_MS, String.valueOf(now));
        properties.put(MessageProperty.STORE_TAGS_CODE, String.valueOf(due));
        message.topic(TopicValidator.TIMER_TOPIC).queueId(0).properties(PropertiesCodec.encode(properties));
        return true;
    }

    /** The due time in ms, or {@code Long.MIN_VALUE} when the message carries no timer property. */
    static long dueTime(String properties, long now) {
        String deliverAt = PropertiesCodec.get(properties, MessageProperties.TIMER_DELIVER_MS);
        if (deliverAt != null) {
            return parse(deliverAt, MessageProperties.TIMER_DELIVER_MS);
        }
        String delayMs = PropertiesCodec.get(properties, MessageProperties.TIMER_DELAY_MS);
        if (delayMs != null) {
            return now + parse(delayMs, MessageProperties.TIMER_DELAY_MS);
        }
        String delaySec = PropertiesCodec.get(properties, MessageProperties.TIMER_DELAY_SEC);
        if (delaySec != null) {
            return now + parse(delaySec, MessageProperties.TIMER_DELAY_SEC) * 1000;
        }
        return Long.MIN_VALUE;
    }

    private static long parse(String value, String name) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new RemotingCommandException(ResponseCode.MESSAGE_ILLEGAL,
                    "property " + name + " must be a number, got '" + value + "'");
        }
    }
}
