package dev.apogee.client.consumer;

import dev.apogee.client.message.MessageExt;

import java.util.List;

/** Consumes messages in parallel on the consumer's pool; an exception counts as RECONSUME_LATER. */
@FunctionalInterface
public interface ConcurrentListener {
    ConsumeStatus consume(List<MessageExt> messages, ConsumeContext context);
}
