package dev.apogee.jms.destination;

import jakarta.jms.InvalidDestinationException;
import jakarta.jms.Topic;

/** A JMS topic over the RocketMQ topic its name maps to ({@link DestinationNames}). */
public sealed class ApogeeTopic extends ApogeeDestination implements Topic permits ApogeeTemporaryTopic {
    private static final long serialVersionUID = 1L;

    /** @throws InvalidDestinationException if {@code name} is empty or its topic would be too long */
    public ApogeeTopic(String name) throws InvalidDestinationException {
        super(name);
    }

    @Override
    public String getTopicName() {
        return jmsName();
    }

    @Override
    public DestinationKind kind() {
        return DestinationKind.TOPIC;
    }
}
