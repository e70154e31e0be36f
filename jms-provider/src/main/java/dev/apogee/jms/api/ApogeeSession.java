package dev.apogee.jms.api;

import dev.apogee.jms.destination.ApogeeDestination;
import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.jms.destination.DestinationParser;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.ApogeeBytesMessage;
import dev.apogee.jms.message.ApogeeMapMessage;
import dev.apogee.jms.message.ApogeeMessage;
import dev.apogee.jms.message.ApogeeObjectMessage;
import dev.apogee.jms.message.ApogeeStreamMessage;
import dev.apogee.jms.message.ApogeeTextMessage;
import dev.apogee.jms.provider.ConsumerSpec;
import jakarta.jms.BytesMessage;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.QueueReceiver;
import jakarta.jms.QueueSender;
import jakarta.jms.QueueSession;
import jakarta.jms.Session;
import jakarta.jms.StreamMessage;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import jakarta.jms.TopicPublisher;
import jakarta.jms.TopicSession;
import jakarta.jms.TopicSubscriber;

import java.io.Serializable;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A session: a single-threaded context for producing and consuming. Deliveries of all its consumers (receive calls
 * and listener calls, which run on one dispatcher thread per session) are serialized by one lock, as are acknowledge,
 * recover, commit and rollback. Acknowledgement modes:
 * <ul>
 *   <li>AUTO_ACKNOWLEDGE: each delivered message is committed when {@code receive} returns / {@code onMessage}
 *       returns;</li>
 *   <li>DUPS_OK_ACKNOWLEDGE: committed every {@value SessionAcknowledgements#DUPS_OK_BATCH} messages and at close;</li>
 *   <li>CLIENT_ACKNOWLEDGE: {@code Message.acknowledge()} commits everything this session delivered so far;
 *       {@link #recover()} delivers the unacknowledged messages again (JMSRedelivered = true);</li>
 *   <li>SESSION_TRANSACTED: sends are buffered; {@link #commit()} makes them and the consumed messages one atomic
 *       branch ({@link SessionTransactions}); {@link #rollback()} drops the sends and redelivers the consumed
 *       messages.</li>
 * </ul>
 */
public class ApogeeSession implements Session, QueueSession, TopicSession {

    private final ApogeeConnection connection;
    private final int mode;
    private final ReentrantLock deliveryLock = new ReentrantLock();
    private final List<ApogeeMessageConsumer> consumers = new CopyOnWriteArrayList<>();
    private final List<ApogeeMessageProducer> producers = new CopyOnWriteArrayList<>();
    private volatile boolean closed;
    private final SessionDispatcher dispatcher;
    private final SessionAcknowledgements acks;
    private final SessionSends sends;
    private final SessionTransactions transactions;
    private final SessionConsumers consumerFactory;
    private final SessionRun sessionRun = new SessionRun();

    protected ApogeeSession(ApogeeConnection connection, int mode) {
        this.connection = connection;
        this.mode = mode;
        this.dispatcher = new SessionDispatcher(this, connection);
        this.acks = new SessionAcknowledgements(mode, connection, consumers);
        this.sends = new SessionSends(connection.provider(), connection.nextSessionOrderKey(), connection.meters());
        this.transactions = new SessionTransactions(mode, connection.provider(), deliveryLock, sends, acks);
        this.consumerFactory = new SessionConsumers(this, connection, consumers);
    }

    /** The transactional work of this session (XA resources associate their branches through it). */
    protected final SessionTransactions transactions() {
        return transactions;
    }

    List<ApogeeMessageConsumer> consumers() {
        return consumers;
    }

    ApogeeConnection connection() {
        return connection;
    }

    void checkClosed() throws JMSException {
        if (closed) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the session is closed");
        }
        connection.checkClosed();
    }

    boolean isClosed() {
        return closed;
    }

    ReentrantLock deliveryLock() {
        return deliveryLock;
    }

    // ---- delivery (called with the delivery lock held) ----

    /** Prepares a message for handing to the application. */
    void beforeDelivery(ApogeeMessage message) {
        message.setAcknowledgeCallback(m -> acknowledgeFromMessage());
    }

    /** Records a delivered message according to the acknowledge mode. */
    void afterDelivery(ApogeeMessageConsumer consumer, ApogeeMessage message) throws JMSException {
        transactions.afterDelivery(consumer, message);
    }

    /** The dispatcher is about to call a listener of {@code consumer} with {@code message}. */
    void beginListenerDelivery(ApogeeMessageConsumer consumer, ApogeeMessage message) {
        acks.beginListenerDelivery(consumer, message);
    }

    /** The listener returned (or threw {@code failure}). */
    void endListenerDelivery(ApogeeMessageConsumer consumer, ApogeeMessage message, RuntimeException failure)
            throws JMSException {
        transactions.endListenerDelivery(consumer, message, failure);
    }

    /** Messages receiveBody could not return (AUTO/DUPS_OK): the next receive of their group gets them. */
    RefusedBodies refused() {
        return acks.refused();
    }

    /** A receive delivered a message refused by {@code owner}, another consumer of its group. */
    void lentDelivered(ApogeeMessageConsumer owner) throws JMSException {
        acks.lentDelivered(owner);
    }

    /** An expired message was skipped: in the auto modes its position is committed now. */
    void onSkipped(ApogeeMessageConsumer consumer) throws JMSException {
        acks.onSkipped(consumer);
    }

    /** JMSContext.acknowledge(): acknowledges everything delivered so far (CLIENT_ACKNOWLEDGE only). */
    void acknowledgeFromContext() throws JMSException {
        acknowledgeFromMessage();
    }

    private void acknowledgeFromMessage() throws JMSException {
        checkClosed();
        if (mode != CLIENT_ACKNOWLEDGE) {
            return;
        }
        deliveryLock.lock();
        try {
            acks.acknowledgeDelivered();
        } finally {
            deliveryLock.unlock();
        }
    }

    // ---- listeners ----

    void listenerChanged() {
        dispatcher.listenerChanged();
    }

    void onConnectionStarted() {
        dispatcher.wake();
    }

    /** True when called from this session's listener dispatcher (i.e. inside onMessage). */
    boolean isDispatcherThread() {
        return dispatcher.isDispatcherThread();
    }

    /** §7.3.8: refused when called from one of this session's CompletionListener callbacks. */
    void checkNotInCompletion(String what) throws JMSException {
        sends.checkNotInCompletion(what);
    }

    /** Returns once no delivery is in progress (used by Connection.stop). */
    void awaitDeliveryPause() {
        deliveryLock.lock();
        deliveryLock.unlock();
    }

    // ---- Session ----

    @Override
    public BytesMessage createBytesMessage() throws JMSException {
        checkClosed();
        return new ApogeeBytesMessage();
    }

    @Override
    public MapMessage createMapMessage() throws JMSException {
        checkClosed();
        return new ApogeeMapMessage();
    }

    @Override
    public Message createMessage() throws JMSException {
        checkClosed();
        return new ApogeeMessage();
    }

    @Override
    public ObjectMessage createObjectMessage() throws JMSException {
        checkClosed();
        return new ApogeeObjectMessage(connection.objects());
    }

    @Override
    public ObjectMessage createObjectMessage(Serializable object) throws JMSException {
        ObjectMessage m = createObjectMessage();
        m.setObject(object);
        return m;
    }

    @Override
    public StreamMessage createStreamMessage() throws JMSException {
        checkClosed();
        return new ApogeeStreamMessage();
    }

    @Override
    public TextMessage createTextMessage() throws JMSException {
        checkClosed();
        return new ApogeeTextMessage();
    }

    @Override
    public TextMessage createTextMessage(String text) throws JMSException {
        TextMessage m = createTextMessage();
        m.setText(text);
        return m;
    }

    @Override
    public boolean getTransacted() throws JMSException {
        checkClosed();
        return mode == SESSION_TRANSACTED;
    }

    @Override
    public int getAcknowledgeMode() throws JMSException {
        checkClosed();
        return mode;
    }

    @Override
    public void commit() throws JMSException {
        checkClosed();
        transactions.commit();
    }

    @Override
    public void rollback() throws JMSException {
        checkClosed();
        transactions.rollback();
    }

    @Override
    public void recover() throws JMSException {
        checkClosed();
        if (mode == SESSION_TRANSACTED) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "recover() on a transacted session");
        }
        deliveryLock.lock();
        try {
            acks.redeliverUnacked();
        } finally {
            deliveryLock.unlock();
        }
    }

    @Override
    public void close() throws JMSException {
        if (closed) {
            return;
        }
        if (isDispatcherThread()) {
            // Session.close javadoc: closing the session from its own listener would deadlock, so it is refused
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "a MessageListener must not close its own session");
        }
        sends.checkNotInCompletion("Session.close()");
        closed = true;
        dispatcher.wake();
        Thread d = dispatcher.thread();
        deliveryLock.lock();
        JMSException first = null;
        try {
            if (mode == DUPS_OK_ACKNOWLEDGE) {
                try {
                    acks.ackAll();
                } catch (JMSException e) {
                    first = e;
                }
            }
            transactions.onClose();
            sends.discardBuffered();
            acks.clear();
            for (ApogeeMessageConsumer c : consumers) {
                try {
                    c.closeInternal();
                } catch (JMSException e) {
                    first = first == null ? e : first;
                }
            }
            consumers.clear();
            for (ApogeeMessageProducer p : producers) {
                p.closeInternal();
            }
            producers.clear();
        } finally {
            deliveryLock.unlock();
        }
        if (d != null && d != Thread.currentThread()) {
            try {
                d.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        sends.shutdown();
        connection.removeSession(this);
        if (first != null) {
            throw first;
        }
    }

    /**
     * MessageConsumer.close (delivery lock held): the consumer delivers no more; its native consumer stops now, or
     * when the session has settled the messages it delivered (SessionAcknowledgements#retire).
     */
    void closeConsumer(ApogeeMessageConsumer consumer) throws JMSException {
        consumer.closeForApplication();
        consumers.remove(consumer);
        if (!transactions.retire(consumer)) {
            consumer.release();
        }
    }

    void removeProducer(ApogeeMessageProducer producer) {
        producers.remove(producer);
    }

    /** The session-level listener and the batches a connection consumer loads (application-server facility). */
    SessionRun sessionRun() {
        return sessionRun;
    }

    @Override
    public MessageListener getMessageListener() throws JMSException {
        checkClosed();
        return sessionRun.listener();
    }

    @Override
    public void setMessageListener(MessageListener listener) throws JMSException {
        checkClosed();
        sessionRun.setListener(listener);
    }

    @Override
    public void run() {
        sessionRun.run();
    }

    // ---- producers ----

    @Override
    public MessageProducer createProducer(Destination destination) throws JMSException {
        checkClosed();
        ApogeeDestination d = destination == null ? null : DestinationParser.fromForeign(destination);
        if (d != null) {
            Futures.await(connection.provider().ensureTopic(d.topic()));
        }
        ApogeeMessageProducer producer = new ApogeeMessageProducer(this, d);
        producers.add(producer);
        return producer;
    }

    @Override
    public QueueSender createSender(Queue queue) throws JMSException {
        return (QueueSender) createProducer(queue);
    }

    @Override
    public TopicPublisher createPublisher(Topic topic) throws JMSException {
        return (TopicPublisher) createProducer(topic);
    }

    // ---- consumers ----

    @Override
    public MessageConsumer createConsumer(Destination destination) throws JMSException {
        return createConsumer(destination, null, false);
    }

    @Override
    public MessageConsumer createConsumer(Destination destination, String messageSelector) throws JMSException {
        return createConsumer(destination, messageSelector, false);
    }

    @Override
    public MessageConsumer createConsumer(Destination destination, String messageSelector, boolean noLocal)
            throws JMSException {
        return consumerFactory.consumer(destination, messageSelector, noLocal);
    }

    ApogeeMessageConsumer openConsumer(ApogeeDestination d, ConsumerSpec spec) throws JMSException {
        return consumerFactory.open(d, spec);
    }

    @Override
    public MessageConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName) throws JMSException {
        return createSharedConsumer(topic, sharedSubscriptionName, null);
    }

    @Override
    public MessageConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName, String messageSelector)
            throws JMSException {
        return consumerFactory.shared(topic, sharedSubscriptionName, messageSelector);
    }

    @Override
    public TopicSubscriber createDurableSubscriber(Topic topic, String name) throws JMSException {
        return createDurableSubscriber(topic, name, null, false);
    }

    @Override
    public TopicSubscriber createDurableSubscriber(Topic topic, String name, String messageSelector, boolean noLocal)
            throws JMSException {
        return consumerFactory.durable(topic, name, messageSelector, noLocal);
    }

    @Override
    public MessageConsumer createDurableConsumer(Topic topic, String name) throws JMSException {
        return createDurableSubscriber(topic, name, null, false);
    }

    @Override
    public MessageConsumer createDurableConsumer(Topic topic, String name, String messageSelector, boolean noLocal)
            throws JMSException {
        return createDurableSubscriber(topic, name, messageSelector, noLocal);
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(Topic topic, String name) throws JMSException {
        return createSharedDurableConsumer(topic, name, null);
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(Topic topic, String name, String messageSelector)
            throws JMSException {
        return consumerFactory.sharedDurable(topic, name, messageSelector);
    }

    @Override
    public void unsubscribe(String name) throws JMSException {
        checkClosed();
        SubscriptionGroups.unsubscribe(connection, name, this::holdsUnsettledOf);
    }

    /** Whether messages a consumer of {@code group} delivered in this session wait for acknowledge/commit. */
    private boolean holdsUnsettledOf(String group) {
        deliveryLock.lock();
        try {
            return acks.holdsUnsettledOf(group);
        } finally {
            deliveryLock.unlock();
        }
    }

    @Override
    public QueueReceiver createReceiver(Queue queue) throws JMSException {
        return (QueueReceiver) createConsumer(queue);
    }

    @Override
    public QueueReceiver createReceiver(Queue queue, String messageSelector) throws JMSException {
        return (QueueReceiver) createConsumer(queue, messageSelector);
    }

    @Override
    public TopicSubscriber createSubscriber(Topic topic) throws JMSException {
        return (TopicSubscriber) createConsumer(topic);
    }

    @Override
    public TopicSubscriber createSubscriber(Topic topic, String messageSelector, boolean noLocal)
            throws JMSException {
        return (TopicSubscriber) createConsumer(topic, messageSelector, noLocal);
    }

    // ---- destinations ----

    @Override
    public Queue createQueue(String queueName) throws JMSException {
        checkClosed();
        return new ApogeeQueue(queueName);
    }

    @Override
    public Topic createTopic(String topicName) throws JMSException {
        checkClosed();
        return new ApogeeTopic(topicName);
    }

    @Override
    public QueueBrowser createBrowser(Queue queue) throws JMSException {
        return createBrowser(queue, null);
    }

    @Override
    public QueueBrowser createBrowser(Queue queue, String messageSelector) throws JMSException {
        checkClosed();
        ApogeeDestination d = SubscriptionGroups.destinationOf(queue);
        if (!(d instanceof ApogeeQueue q)) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "not a queue: " + queue);
        }
        Futures.await(connection.provider().browse(q.topic(), SubscriptionGroups.queueGroup(q), messageSelector, 0)); // validates
        return new ApogeeQueueBrowser(this, q, messageSelector);
    }

    @Override
    public TemporaryQueue createTemporaryQueue() throws JMSException {
        checkClosed();
        return (TemporaryQueue) connection.createTemporary(true);
    }

    @Override
    public TemporaryTopic createTemporaryTopic() throws JMSException {
        checkClosed();
        return (TemporaryTopic) connection.createTemporary(false);
    }

    boolean hasConsumerOn(ApogeeDestination d) {
        for (ApogeeMessageConsumer c : consumers) {
            if (!c.isClosed() && d.equals(c.destination())) {
                return true;
            }
        }
        return false;
    }
}
