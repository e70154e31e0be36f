package dev.apogee.jms.destination;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.TemporaryQueue;

/**
 * A temporary queue over a RocketMQ topic the creating connection owns. {@link #delete()} goes to the deleter
 * the connection bound; a copy obtained by deserialization or from a received {@code JMSReplyTo} has none and
 * cannot delete.
 */
public final class ApogeeTemporaryQueue extends ApogeeQueue implements TemporaryQueue {
    private static final long serialVersionUID = 1L;
    private transient volatile TemporaryDestinationDeleter deleter;

    public ApogeeTemporaryQueue(String name) throws InvalidDestinationException {
        super(name);
    }

    /** Called once by the creating connection. */
    public ApogeeTemporaryQueue bindDeleter(TemporaryDestinationDeleter deleter) {
        this.deleter = deleter;
        return this;
    }

    @Override
    public void delete() throws JMSException {
        TemporaryDestinationDeleter d = deleter;
        if (d == null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE,
                    "temporary destination " + this + " can only be deleted through the connection that created it");
        }
        d.delete(this);
    }

    @Override
    public DestinationKind kind() {
        return DestinationKind.TEMPORARY_QUEUE;
    }
}
