package dev.apogee.jms.destination;

import jakarta.jms.InvalidDestinationException;
import jakarta.jms.Queue;

/** A JMS queue over the RocketMQ topic its name maps to ({@link DestinationNames}). */
public sealed class ApogeeQueue extends ApogeeDestination implements Queue permits ApogeeTemporaryQueue {
    private static final long serialVersionUID = 1L;

    /** @throws InvalidDestinationException if {@code name} is empty or its topic would be too long */
    public ApogeeQueue(String name) throws InvalidDestinationException {
        super(name);
    }

    @Override
    public String getQueueName() {
        return jmsName();
    }

    @Override
    public DestinationKind kind() {
        return DestinationKind.QUEUE;
    }
}
