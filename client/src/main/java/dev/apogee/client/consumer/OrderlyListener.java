package dev.apogee.client.consumer;

import dev.apogee.client.message.MessageExt;

import java.util.List;

/**
 * Consumes each queue's messages one batch at a time, in queue order, while this consumer holds the broker lock
 * of the queue; an exception counts as SUSPEND_CURRENT_QUEUE_A_MOMENT.
 */
@FunctionalInterface
public interface OrderlyListener {
    OrderlyStatus consume(List<MessageExt> messages, ConsumeContext context);
}
