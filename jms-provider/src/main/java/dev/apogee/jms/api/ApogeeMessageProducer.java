package dev.apogee.jms.api;

import dev.apogee.jms.destination.ApogeeDestination;
import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.jms.destination.DestinationParser;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.WireMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueSender;
import jakarta.jms.Topic;
import jakarta.jms.TopicPublisher;

/**
 * A producer, bound to a destination or anonymous (destination given per send). Sets the JMS headers on the message
 * being sent (§3.4), encodes it with the connection's codec and hands the wire form to the session: PERSISTENT sends
 * wait for the broker's store result, NON_PERSISTENT ones are one-way, sends with a CompletionListener are async.
 * A delivery delay becomes a timer message (TIMER_DELIVER_MS); a time to live becomes JMSExpiration, which consumers
 * honour.
 */
public class ApogeeMessageProducer implements MessageProducer, QueueSender, TopicPublisher {
    private final ApogeeSession session;
    private final ApogeeDestination destination;
    private volatile boolean closed;
    private boolean disableMessageID;
    private boolean disableMessageTimestamp;
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private int priority = Message.DEFAULT_PRIORITY;
    private long timeToLive = Message.DEFAULT_TIME_TO_LIVE;
    private long deliveryDelay = Message.DEFAULT_DELIVERY_DELAY;

    ApogeeMessageProducer(ApogeeSession session, ApogeeDestination destination) {
        this.session = session;
        this.destination = destination;
    }

    private void checkClosed() throws JMSException {
        if (closed) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the producer is closed");
        }
        session.checkClosed();
    }

    void closeInternal() {
        closed = true;
    }

    @Override
    public void close() throws JMSException {
        session.checkNotInCompletion("MessageProducer.close()");
        closed = true;
        session.removeProducer(this);
    }

    // ---- settings ----

    @Override
    public void setDisableMessageID(boolean value) throws JMSException {
        checkClosed();
        disableMessageID = value;
    }

    @Override
    public boolean getDisableMessageID() throws JMSException {
        checkClosed();
        return disableMessageID;
    }

    @Override
    public void setDisableMessageTimestamp(boolean value) throws JMSException {
        checkClosed();
        disableMessageTimestamp = value;
    }

    @Override
    public boolean getDisableMessageTimestamp() throws JMSException {
        checkClosed();
        return disableMessageTimestamp;
    }

    @Override
    public void setDeliveryMode(int deliveryMode) throws JMSException {
        checkClosed();
        checkDeliveryMode(deliveryMode);
        this.deliveryMode = deliveryMode;
    }

    @Override
    public int getDeliveryMode() throws JMSException {
        checkClosed();
        return deliveryMode;
    }

    @Override
    public void setPriority(int priority) throws JMSException {
        checkClosed();
        checkPriority(priority);
        this.priority = priority;
    }

    @Override
    public int getPriority() throws JMSException {
        checkClosed();
        return priority;
    }

    @Override
    public void setTimeToLive(long timeToLive) throws JMSException {
        checkClosed();
        this.timeToLive = timeToLive;
    }

    @Override
    public long getTimeToLive() throws JMSException {
        checkClosed();
        return timeToLive;
    }

    @Override
    public void setDeliveryDelay(long deliveryDelay) throws JMSException {
        checkClosed();
        this.deliveryDelay = deliveryDelay;
    }

    @Override
    public long getDeliveryDelay() throws JMSException {
        checkClosed();
        return deliveryDelay;
    }

    @Override
    public Destination getDestination() throws JMSException {
        checkClosed();
        return destination;
    }

    @Override
    public Queue getQueue() throws JMSException {
        checkClosed();
        return destination instanceof ApogeeQueue q ? q : null;
    }

    @Override
    public Topic getTopic() throws JMSException {
        checkClosed();
        return destination instanceof ApogeeTopic t ? t : null;
    }

    private static void checkDeliveryMode(int mode) throws JMSException {
        if (mode != DeliveryMode.PERSISTENT && mode != DeliveryMode.NON_PERSISTENT) {
            throw JmsExceptions.create(ErrorCode.INTERNAL, "invalid delivery mode " + mode);
        }
    }

    private static void checkPriority(int priority) throws JMSException {
        if (priority < 0 || priority > 9) {
            throw JmsExceptions.create(ErrorCode.INTERNAL, "invalid priority " + priority + " (0-9)");
        }
    }

    // ---- sending ----

    private void doSend(Destination target, Message message, int mode, int prio, long ttl,
            CompletionListener listener) throws JMSException {
        checkClosed();
        if (message == null) {
            throw JmsExceptions.create(ErrorCode.CONVERSION, "message must not be null");
        }
        ApogeeDestination to;
        if (destination != null) {
            if (target != null && !destination.equals(DestinationParser.fromForeign(target))) {
                throw new UnsupportedOperationException("this producer is bound to " + destination);
            }
            to = destination;
        } else {
            if (target == null) {
                // only send(Message…) gets here (the send(Destination…) forms refuse null first): the API says
                // UnsupportedOperationException for a producer created without a destination
                throw new UnsupportedOperationException("[" + ErrorCode.INVALID_DESTINATION.code()
                        + "] an anonymous producer needs a destination: use send(Destination, Message)");
            }
            to = DestinationParser.fromForeign(target);
        }
        checkDeliveryMode(mode);
        checkPriority(prio);
        long now = System.currentTimeMillis();
        message.setJMSDestination(to);
        message.setJMSDeliveryMode(mode);
        message.setJMSPriority(prio);
        message.setJMSExpiration(ttl > 0 ? now + ttl : 0);
        message.setJMSTimestamp(disableMessageTimestamp ? 0 : now);
        message.setJMSDeliveryTime(now + Math.max(0, deliveryDelay));
        message.setJMSMessageID(disableMessageID ? null : session.connection().provider().newJmsMessageId());
        WireMessage wire = session.connection().codec().encode(message,
                to instanceof ApogeeTopic ? session.connection().originStamp() : null);
        long deliveryTime = deliveryDelay > 0 ? now + deliveryDelay : 0;
        SessionTransactions transactions = session.transactions();
        SessionSends immediate = transactions.immediateSends();
        if (immediate != null) {
            immediate.sendNow(wire, mode, deliveryTime, message, listener);
        } else {
            transactions.send(wire, mode, deliveryTime, message, listener);
        }
    }

    @Override
    public void send(Message message) throws JMSException {
        doSend(null, message, deliveryMode, priority, timeToLive, null);
    }

    @Override
    public void send(Message message, int mode, int prio, long ttl) throws JMSException {
        doSend(null, message, mode, prio, ttl, null);
    }

    @Override
    public void send(Destination target, Message message) throws JMSException {
        requireTarget(target);
        doSend(target, message, deliveryMode, priority, timeToLive, null);
    }

    @Override
    public void send(Destination target, Message message, int mode, int prio, long ttl) throws JMSException {
        requireTarget(target);
        doSend(target, message, mode, prio, ttl, null);
    }

    @Override
    public void send(Message message, CompletionListener listener) throws JMSException {
        requireListener(listener);
        doSend(null, message, deliveryMode, priority, timeToLive, listener);
    }

    @Override
    public void send(Message message, int mode, int prio, long ttl, CompletionListener listener)
            throws JMSException {
        requireListener(listener);
        doSend(null, message, mode, prio, ttl, listener);
    }

    @Override
    public void send(Destination target, Message message, CompletionListener listener) throws JMSException {
        requireTarget(target);
        requireListener(listener);
        doSend(target, message, deliveryMode, priority, timeToLive, listener);
    }

    @Override
    public void send(Destination target, Message message, int mode, int prio, long ttl,
            CompletionListener listener) throws JMSException {
        requireTarget(target);
        requireListener(listener);
        doSend(target, message, mode, prio, ttl, listener);
    }

    private void requireTarget(Destination target) throws JMSException {
        checkClosed();
        if (destination != null) {
            throw new UnsupportedOperationException("this producer is bound to " + destination
                    + "; use send(Message)");
        }
        if (target == null) {
            throw new InvalidDestinationException("[" + ErrorCode.INVALID_DESTINATION.code()
                    + "] destination must not be null", ErrorCode.INVALID_DESTINATION.code());
        }
    }

    private static void requireListener(CompletionListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("CompletionListener must not be null");
        }
    }

    // ---- QueueSender / TopicPublisher ----

    @Override
    public void send(Queue queue, Message message) throws JMSException {
        send((Destination) queue, message);
    }

    @Override
    public void send(Queue queue, Message message, int mode, int prio, long ttl) throws JMSException {
        send((Destination) queue, message, mode, prio, ttl);
    }

    @Override
    public void publish(Message message) throws JMSException {
        send(message);
    }

    @Override
    public void publish(Message message, int mode, int prio, long ttl) throws JMSException {
        send(message, mode, prio, ttl);
    }

    @Override
    public void publish(Topic topic, Message message) throws JMSException {
        send(topic, message);
    }

    @Override
    public void publish(Topic topic, Message message, int mode, int prio, long ttl) throws JMSException {
        send(topic, message, mode, prio, ttl);
    }
}
