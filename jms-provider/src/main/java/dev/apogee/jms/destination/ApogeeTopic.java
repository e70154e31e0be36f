package dev.apogee.jms.destination;

import jakarta.jms.InvalidDestinationException;
import jakarta.jms.Topic;

/** A JMS topic over the RocketMQ topic of the same name. */
public sealed class ApogeeTopic extends ApogeeDestination implements Topic permits ApogeeTemporaryTopic {
    private static final long serialVersionUID = 1L;

    /** @throws InvalidDestinationException if {@code name} breaks RocketMQ topic rules */
    public ApogeeTopic(String name) throws InvalidDestinationException {
        super(name);
    }

    @Override
    public String getTopicName() {
        return name();
    }

    @Override
    public DestinationKind kind() {
        return DestinationKind.TOPIC;
    }
}
