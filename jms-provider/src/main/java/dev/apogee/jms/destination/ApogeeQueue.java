package dev.apogee.jms.destination;

import jakarta.jms.InvalidDestinationException;
import jakarta.jms.Queue;

/** A JMS queue over the RocketMQ topic of the same name. */
public sealed class ApogeeQueue extends ApogeeDestination implements Queue permits ApogeeTemporaryQueue {
    private static final long serialVersionUID = 1L;

    /** @throws InvalidDestinationException if {@code name} breaks RocketMQ topic rules */
    public ApogeeQueue(String name) throws InvalidDestinationException {
        super(name);
    }

    @Override
    public String getQueueName() {
        return name();
    }

    @Override
    public DestinationKind kind() {
        return DestinationKind.QUEUE;
    }
}
