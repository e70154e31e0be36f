package dev.apogee.jms.api;

import dev.apogee.jms.destination.ApogeeDestination;
import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.jms.destination.DestinationNames;
import dev.apogee.jms.destination.DestinationParser;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.ApogeeBytesMessage;
import dev.apogee.jms.message.ApogeeMapMessage;
import dev.apogee.jms.message.ApogeeMessage;
import dev.apogee.jms.message.ApogeeObjectMessage;
import dev.apogee.jms.message.ApogeeStreamMessage;
import dev.apogee.jms.message.ApogeeTextMessage;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.jms.provider.ConsumerSpec;
import dev.apogee.jms.provider.SendMode;
import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A session: a single-threaded context for producing and consuming. Deliveries of all its consumers (receive calls
 * and listener calls, which run on one dispatcher thread per session) are serialized by one lock, as are acknowledge,
 * recover, commit and rollback. Acknowledgement modes:
 * <ul>
 *   <li>AUTO_ACKNOWLEDGE: each delivered message is committed when {@code receive} returns / {@code onMessage}
 *       returns;</li>
 *   <li>DUPS_OK_ACKNOWLEDGE: committed every {@value #DUPS_OK_BATCH} messages and at close;</li>
 *   <li>CLIENT_ACKNOWLEDGE: {@code Message.acknowledge()} commits everything this session delivered so far;
 *       {@link #recover()} delivers the unacknowledged messages again (JMSRedelivered = true);</li>
 *   <li>SESSION_TRANSACTED: sends are buffered and sent at {@link #commit()}, which then commits the consumed
 *       messages; {@link #rollback()} drops the sends and redelivers the consumed messages.</li>
 * </ul>
 */
public class ApogeeSession implements Session, QueueSession, TopicSession {
    private static final Logger LOG = LoggerFactory.getLogger(ApogeeSession.class);
    static final int DUPS_OK_BATCH = 16;
    private static final int MAX_LOCAL_REDELIVERIES = 10;

    private final ApogeeConnection connection;
    private final int mode;
    private final ReentrantLock deliveryLock = new ReentrantLock();
    private final List<ApogeeMessageConsumer> consumers = new CopyOnWriteArrayList<>();
    private final List<ApogeeMessageProducer> producers = new CopyOnWriteArrayList<>();
    private final List<Delivered> unacked = new ArrayList<>();
    private final List<PendingSend> pendingSends = new ArrayList<>();
    private final Object dispatcherLock = new Object();
    private volatile boolean closed;
    private int dupsOkCount;
    private Thread dispatcher;
    private ExecutorService completions;

    private record Delivered(ApogeeMessageConsumer consumer, ApogeeMessage message) {
    }

    private record PendingSend(WireMessage wire, long deliveryTime, Message message, CompletionListener listener) {
    }

    ApogeeSession(ApogeeConnection connection, int mode) {
        this.connection = connection;
        this.mode = mode;
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
        switch (mode) {
            case AUTO_ACKNOWLEDGE -> ackConsumer(consumer);
            case DUPS_OK_ACKNOWLEDGE -> {
                if (++dupsOkCount >= DUPS_OK_BATCH) {
                    ackAll();
                }
            }
            default -> unacked.add(new Delivered(consumer, message));
        }
    }

    /** An expired message was skipped: in the auto modes its position is committed now. */
    void onSkipped(ApogeeMessageConsumer consumer) throws JMSException {
        if (mode == AUTO_ACKNOWLEDGE) {
            ackConsumer(consumer);
        }
    }

    /** A listener threw: the message is delivered again (auto modes), up to a limit. */
    void onListenerFailure(ApogeeMessageConsumer consumer, ApogeeMessage message, RuntimeException e)
            throws JMSException {
        if (mode == AUTO_ACKNOWLEDGE || mode == DUPS_OK_ACKNOWLEDGE) {
            if (message.deliveryCount() < MAX_LOCAL_REDELIVERIES) {
                LOG.warn("message listener threw on {}, redelivering it: {}", message, e.toString());
                message.markRedelivered();
                consumer.pushBack(List.of(message));
                return;
            }
            LOG.error("message listener threw on {} {} times; dropping it", message, message.deliveryCount(), e);
            ackConsumer(consumer);
        } else {
            LOG.warn("message listener threw on {}: {}", message, e.toString());
            afterDelivery(consumer, message);
        }
    }

    private void ackConsumer(ApogeeMessageConsumer consumer) throws JMSException {
        if (!consumer.isClosed() && !consumer.hasLocalRedeliveries()) {
            Futures.await(connection.provider().acknowledge(consumer.id()));
        }
    }

    private void ackAll() throws JMSException {
        dupsOkCount = 0;
        for (ApogeeMessageConsumer consumer : consumers) {
            ackConsumer(consumer);
        }
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
            ackAll();
            unacked.clear();
        } finally {
            deliveryLock.unlock();
        }
    }

    private void redeliverUnacked() {
        Map<ApogeeMessageConsumer, List<ApogeeMessage>> byConsumer = new LinkedHashMap<>();
        for (Delivered d : unacked) {
            d.message().markRedelivered();
            byConsumer.computeIfAbsent(d.consumer(), c -> new ArrayList<>()).add(d.message());
        }
        unacked.clear();
        byConsumer.forEach((consumer, messages) -> {
            if (!consumer.isClosed()) {
                consumer.pushBack(messages);
            }
        });
    }

    // ---- sending (called by producers) ----

    void send(WireMessage wire, int deliveryMode, long deliveryTime, Message message, CompletionListener listener)
            throws JMSException {
        checkClosed();
        if (mode == SESSION_TRANSACTED) {
            deliveryLock.lock();
            try {
                pendingSends.add(new PendingSend(wire, deliveryTime, message, listener));
            } finally {
                deliveryLock.unlock();
            }
            return;
        }
        if (listener != null) {
            connection.provider().send(wire, SendMode.ASYNC, deliveryTime).whenComplete((ok, error) ->
                    completionExecutor().execute(() -> {
                        if (error == null) {
                            listener.onCompletion(message);
                        } else {
                            listener.onException(message, JmsExceptions.translate(error));
                        }
                    }));
            return;
        }
        SendMode sendMode = deliveryMode == DeliveryMode.NON_PERSISTENT ? SendMode.ONEWAY : SendMode.SYNC;
        Futures.await(connection.provider().send(wire, sendMode, deliveryTime));
    }

    private synchronized ExecutorService completionExecutor() {
        if (completions == null) {
            completions = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "apogee-jms-completion");
                t.setDaemon(true);
                return t;
            });
        }
        return completions;
    }

    // ---- listeners ----

    void listenerChanged() {
        synchronized (dispatcherLock) {
            if (dispatcher == null && !closed) {
                dispatcher = new Thread(this::dispatchLoop, "apogee-jms-session-dispatcher");
                dispatcher.setDaemon(true);
                dispatcher.start();
            }
            dispatcherLock.notifyAll();
        }
    }

    void onConnectionStarted() {
        synchronized (dispatcherLock) {
            dispatcherLock.notifyAll();
        }
    }

    /** True when called from this session's listener dispatcher (i.e. inside onMessage). */
    boolean isDispatcherThread() {
        return Thread.currentThread() == dispatcher;
    }

    /** Returns once no delivery is in progress (used by Connection.stop). */
    void awaitDeliveryPause() {
        deliveryLock.lock();
        deliveryLock.unlock();
    }

    private void dispatchLoop() {
        try {
            while (!closed) {
                if (!connection.isStarted()) {
                    connection.awaitStarted(200);
                    continue;
                }
                List<ApogeeMessageConsumer> listening = new ArrayList<>();
                for (ApogeeMessageConsumer c : consumers) {
                    if (c.listener() != null && !c.isClosed()) {
                        listening.add(c);
                    }
                }
                if (listening.isEmpty()) {
                    synchronized (dispatcherLock) {
                        dispatcherLock.wait(100);
                    }
                    continue;
                }
                long slice = listening.size() == 1 ? 100 : 10;
                for (ApogeeMessageConsumer c : listening) {
                    deliveryLock.lock();
                    try {
                        if (closed || !connection.isStarted()) {
                            break;
                        }
                        c.dispatchOne(slice);
                    } catch (JMSException e) {
                        LOG.warn("asynchronous delivery failed: {}", e.toString());
                        connection.onAsyncFailure(e);
                    } finally {
                        deliveryLock.unlock();
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
        if (mode != SESSION_TRANSACTED) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "commit() on a session that is not transacted");
        }
        deliveryLock.lock();
        try {
            List<PendingSend> sends = new ArrayList<>(pendingSends);
            pendingSends.clear();
            for (PendingSend s : sends) {
                Futures.await(connection.provider().send(s.wire(), SendMode.SYNC, s.deliveryTime()));
                if (s.listener() != null) {
                    completionExecutor().execute(() -> s.listener().onCompletion(s.message()));
                }
            }
            ackAll();
            unacked.clear();
        } finally {
            deliveryLock.unlock();
        }
    }

    @Override
    public void rollback() throws JMSException {
        checkClosed();
        if (mode != SESSION_TRANSACTED) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "rollback() on a session that is not transacted");
        }
        deliveryLock.lock();
        try {
            pendingSends.clear();
            redeliverUnacked();
        } finally {
            deliveryLock.unlock();
        }
    }

    @Override
    public void recover() throws JMSException {
        checkClosed();
        if (mode == SESSION_TRANSACTED) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "recover() on a transacted session");
        }
        deliveryLock.lock();
        try {
            redeliverUnacked();
        } finally {
            deliveryLock.unlock();
        }
    }

    @Override
    public void close() throws JMSException {
        if (closed) {
            return;
        }
        closed = true;
        synchronized (dispatcherLock) {
            dispatcherLock.notifyAll();
        }
        Thread d = dispatcher;
        deliveryLock.lock();
        JMSException first = null;
        try {
            if (mode == DUPS_OK_ACKNOWLEDGE) {
                try {
                    ackAll();
                } catch (JMSException e) {
                    first = e;
                }
            }
            pendingSends.clear();
            unacked.clear();
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
        synchronized (this) {
            if (completions != null) {
                completions.shutdown();
                try {
                    completions.awaitTermination(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        connection.removeSession(this);
        if (first != null) {
            throw first;
        }
    }

    void removeConsumer(ApogeeMessageConsumer consumer) {
        consumers.remove(consumer);
        deliveryLock.lock();
        try {
            unacked.removeIf(d -> d.consumer() == consumer);
        } finally {
            deliveryLock.unlock();
        }
    }

    void removeProducer(ApogeeMessageProducer producer) {
        producers.remove(producer);
    }

    @Override
    public MessageListener getMessageListener() throws JMSException {
        checkClosed();
        return null;
    }

    @Override
    public void setMessageListener(MessageListener listener) throws JMSException {
        throw ApogeeConnection.unsupported("session-level message listeners (application server facilities)");
    }

    @Override
    public void run() {
        throw new UnsupportedOperationException("session-level message listeners are not supported");
    }

    // ---- producers ----

    @Override
    public MessageProducer createProducer(Destination destination) throws JMSException {
        checkClosed();
        ApogeeDestination d = destination == null ? null : DestinationParser.fromForeign(destination);
        if (d != null) {
            Futures.await(connection.provider().ensureTopic(d.name()));
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
        checkClosed();
        ApogeeDestination d = destinationOf(destination);
        if ((d instanceof TemporaryQueue || d instanceof TemporaryTopic) && !connection.ownsTemporary(d)) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "temporary destination " + d.toUri()
                    + " belongs to another connection (or was deleted)");
        }
        ConsumerSpec spec;
        if (d instanceof ApogeeQueue) {
            spec = new ConsumerSpec(d.name(), queueGroup(d), messageSelector, false, false);
        } else {
            spec = new ConsumerSpec(d.name(), groupName("JMST_" + d.name() + "_" + UUID.randomUUID()
                    .toString().replace("-", "").substring(0, 12)), messageSelector, true, true);
        }
        return openConsumer(d, spec);
    }

    /** The consumer group shared by all consumers of a queue. */
    static String queueGroup(ApogeeDestination queue) {
        return "JMSQ_" + queue.name();
    }

    private ApogeeMessageConsumer openConsumer(ApogeeDestination d, ConsumerSpec spec) throws JMSException {
        return openConsumer(d, spec, null);
    }

    private ApogeeMessageConsumer openConsumer(ApogeeDestination d, ConsumerSpec spec, String durableGroup)
            throws JMSException {
        if (durableGroup != null && !connection.activateDurable(durableGroup)) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the durable subscription " + durableGroup
                    + " already has an active consumer");
        }
        ApogeeMessageConsumer consumer;
        try {
            consumer = new ApogeeMessageConsumer(this, d, spec.selector(),
                    Futures.await(connection.provider().createConsumer(spec)), durableGroup);
        } catch (JMSException | RuntimeException e) {
            if (durableGroup != null) {
                connection.deactivateDurable(durableGroup);
            }
            throw e;
        }
        consumers.add(consumer);
        if (closed) {
            consumer.closeInternal();
            checkClosed();
        }
        return consumer;
    }

    private static ApogeeDestination destinationOf(Destination destination) throws JMSException {
        if (destination == null) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "destination must not be null");
        }
        return DestinationParser.fromForeign(destination);
    }

    private static String groupName(String name) throws JMSException {
        if (name.length() > 255 || !name.matches("[%|a-zA-Z0-9_-]+")) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "subscription name gives the consumer group '"
                    + name + "', which RocketMQ does not accept (letters, digits, '%', '|', '_', '-')");
        }
        return name;
    }

    private ApogeeTopic topicOf(Topic topic) throws JMSException {
        ApogeeDestination d = destinationOf(topic);
        if (!(d instanceof ApogeeTopic t)) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "not a topic: " + topic);
        }
        return t;
    }

    @Override
    public MessageConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName) throws JMSException {
        return createSharedConsumer(topic, sharedSubscriptionName, null);
    }

    @Override
    public MessageConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName, String messageSelector)
            throws JMSException {
        checkClosed();
        ApogeeTopic t = topicOf(topic);
        String owner = connection.clientIdOrNull() == null ? "" : connection.clientIdOrNull() + "_";
        return openConsumer(t, new ConsumerSpec(t.name(), groupName("JMSS_" + owner + sharedSubscriptionName),
                messageSelector, true, false));
    }

    @Override
    public TopicSubscriber createDurableSubscriber(Topic topic, String name) throws JMSException {
        return createDurableSubscriber(topic, name, null, false);
    }

    @Override
    public TopicSubscriber createDurableSubscriber(Topic topic, String name, String messageSelector, boolean noLocal)
            throws JMSException {
        checkClosed();
        ApogeeTopic t = topicOf(topic);
        String group = durableGroup(name);
        return openConsumer(t, new ConsumerSpec(t.name(), group, messageSelector, true, false), group);
    }

    private String durableGroup(String name) throws JMSException {
        String clientId = connection.clientIdOrNull();
        if (clientId == null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE,
                    "an unshared durable subscription needs a client id on the connection");
        }
        if (name == null || name.isEmpty()) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "durable subscription name must not be empty");
        }
        return groupName("JMSD_" + clientId + "_" + name);
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
        checkClosed();
        ApogeeTopic t = topicOf(topic);
        String owner = connection.clientIdOrNull() == null ? "" : connection.clientIdOrNull() + "_";
        return openConsumer(t, new ConsumerSpec(t.name(), groupName("JMSSD_" + owner + name), messageSelector,
                true, false));
    }

    @Override
    public void unsubscribe(String name) throws JMSException {
        checkClosed();
        List<String> groups = new ArrayList<>();
        if (connection.clientIdOrNull() != null) {
            groups.add(durableGroup(name));
        }
        String owner = connection.clientIdOrNull() == null ? "" : connection.clientIdOrNull() + "_";
        groups.add(groupName("JMSSD_" + owner + name));
        for (String group : groups) {
            if (connection.isDurableActive(group)) {
                throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the durable subscription '" + name
                        + "' has an active consumer");
            }
        }
        for (String group : groups) {
            Futures.await(connection.provider().deleteGroup(group));
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
        return new ApogeeQueue(DestinationNames.validate(queueName));
    }

    @Override
    public Topic createTopic(String topicName) throws JMSException {
        checkClosed();
        return new ApogeeTopic(DestinationNames.validate(topicName));
    }

    @Override
    public QueueBrowser createBrowser(Queue queue) throws JMSException {
        return createBrowser(queue, null);
    }

    @Override
    public QueueBrowser createBrowser(Queue queue, String messageSelector) throws JMSException {
        checkClosed();
        ApogeeDestination d = destinationOf(queue);
        if (!(d instanceof ApogeeQueue q)) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "not a queue: " + queue);
        }
        Futures.await(connection.provider().browse(q.name(), queueGroup(q), messageSelector, 0)); // validates
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
