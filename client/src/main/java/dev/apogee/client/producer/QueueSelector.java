package dev.apogee.client.producer;

import dev.apogee.client.message.Message;
import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.List;

/** Chooses the queue of a message, e.g. by a business key so that one key's messages stay in order. */
@FunctionalInterface
public interface QueueSelector {
    MessageQueue select(List<MessageQueue> queues, Message message, Object arg);

    /** {@code queues.get(|arg.hashCode()| % size)}: the official SelectMessageQueueByHash. */
    static QueueSelector byHash() {
        return (queues, message, arg) -> queues.get(Math.abs(arg.hashCode() % queues.size()));
    }
}
