package dev.apogee.jms.api;

import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.ApogeeMessage;
import dev.apogee.jms.message.WireMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * Looks at the messages a queue's consumers have not consumed yet (the queue group's committed offsets up to the
 * end of each RocketMQ queue), without consuming them. Each {@link #getEnumeration()} is a fresh snapshot of at
 * most {@value #MAX_MESSAGES} messages; the selector is evaluated as the broker filters the queue's consumers; expired
 * messages are left out.
 */
public class ApogeeQueueBrowser implements QueueBrowser {
    static final int MAX_MESSAGES = 10_000;

    private final ApogeeSession session;
    private final ApogeeQueue queue;
    private final String selector;
    private volatile boolean closed;

    ApogeeQueueBrowser(ApogeeSession session, ApogeeQueue queue, String selector) {
        this.session = session;
        this.queue = queue;
        this.selector = selector == null || selector.isBlank() ? null : selector;
    }

    private void checkClosed() throws JMSException {
        if (closed) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the browser is closed");
        }
        session.checkClosed();
    }

    @Override
    public Queue getQueue() throws JMSException {
        checkClosed();
        return queue;
    }

    @Override
    public String getMessageSelector() throws JMSException {
        checkClosed();
        return selector;
    }

    @Override
    public Enumeration<?> getEnumeration() throws JMSException {
        checkClosed();
        List<WireMessage> wires = Futures.await(session.connection().provider().browse(queue.topic(),
                SubscriptionGroups.queueGroup(queue), selector, MAX_MESSAGES));
        List<Message> messages = new ArrayList<>(wires.size());
        long now = System.currentTimeMillis();
        for (WireMessage wire : wires) {
            ApogeeMessage m = session.connection().codec().decode(wire, queue);
            if (m.getJMSExpiration() == 0 || m.getJMSExpiration() >= now) {
                messages.add(m);
            }
        }
        return Collections.enumeration(messages);
    }

    @Override
    public void close() throws JMSException {
        closed = true;
    }
}
