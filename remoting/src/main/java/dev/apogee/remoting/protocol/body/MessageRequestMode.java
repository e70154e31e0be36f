package dev.apogee.remoting.protocol.body;

/** How a consumer group reads a topic: by pulling owned queues with offsets, or by popping (RocketMQ 5). */
public enum MessageRequestMode {
    PULL,
    POP
}
