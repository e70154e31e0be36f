package dev.apogee.jms.api;

import dev.apogee.jms.destination.ApogeeDestination;
import dev.apogee.jms.destination.ApogeeTemporaryQueue;
import dev.apogee.jms.destination.ApogeeTemporaryTopic;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.MessageCodec;
import dev.apogee.jms.message.ObjectBodyCodec;
import dev.apogee.jms.metrics.ClientMeters;
import dev.apogee.jms.provider.NoLocal;
import dev.apogee.jms.provider.Provider;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.Destination;
import jakarta.jms.ExceptionListener;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueSession;
import jakarta.jms.ServerSessionPool;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicSession;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A connection: one {@link Provider} (name-server connection, producer) shared by its sessions. Created stopped;
 * {@link #start()} lets consumers receive. A client id may be set once, before anything else is done, and is unique
 * within the JVM.
 */
public class ApogeeConnection implements Connection, QueueConnection, TopicConnection {
    private static final Set<String> CLIENT_IDS_IN_USE = ConcurrentHashMap.newKeySet();

    private final Provider provider;
    private final MessageCodec codec;
    private final ObjectBodyCodec objects;
    private final List<ApogeeSession> sessions = new CopyOnWriteArrayList<>();
    private final List<ApogeeConnectionConsumer> connectionConsumers = new CopyOnWriteArrayList<>();
    /** Sessions' order keys: consecutive from a random start, so a connection's sessions use distinct queues. */
    private final AtomicInteger sessionOrderKeys = new AtomicInteger(ThreadLocalRandom.current().nextInt(1 << 16));
    private final Set<String> activeDurableGroups = ConcurrentHashMap.newKeySet();
    private final Set<ApogeeDestination> temporaries = ConcurrentHashMap.newKeySet();
    private final Object startLock = new Object();
    private final boolean clientIdFromFactory;
    private volatile String clientID;
    private volatile boolean actionTaken;
    private volatile boolean started;
    private volatile boolean closed;
    private volatile ExceptionListener exceptionListener;
    /** The provider's connection-lost report, once it came; the connection is then only good for close(). */
    private volatile JMSException lostWith;
    /** This connection's own id: its noLocal origin when it has no client id (see {@link NoLocal}). */
    private final String connectionId = UUID.randomUUID().toString().replace("-", "");
    /** Set once the connection has a noLocal consumer: its topic sends carry this origin from then on. */
    private volatile String originStamp;
    /** The client metrics of the factory; set once by the factory before the application gets the connection. */
    private volatile ClientMeters meters = ClientMeters.NONE;

    protected ApogeeConnection(Provider provider, ObjectBodyCodec objects, String clientID) throws JMSException {
        this.provider = provider;
        this.objects = objects;
        this.codec = new MessageCodec(objects);
        if (clientID != null && !clientID.isEmpty()) {
            reserve(clientID);
            this.clientID = clientID;
            this.clientIdFromFactory = true;
        } else {
            this.clientIdFromFactory = false;
        }
        provider.setListener(this::onFailure);
    }

    private static void reserve(String id) throws JMSException {
        if (!CLIENT_IDS_IN_USE.add(id)) {
            throw new InvalidClientIDException("[" + ErrorCode.ILLEGAL_STATE.code() + "] client id '" + id
                    + "' is already in use by another connection", ErrorCode.ILLEGAL_STATE.code());
        }
    }

    Provider provider() {
        return provider;
    }

    ClientMeters meters() {
        return meters;
    }

    void meters(ClientMeters meters) {
        this.meters = meters;
    }

    MessageCodec codec() {
        return codec;
    }

    ObjectBodyCodec objects() {
        return objects;
    }

    void checkClosed() throws JMSException {
        if (closed) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the connection is closed");
        }
    }

    /** The order key of a new session (its sends' queue, §6.2.9; see SessionSends). */
    int nextSessionOrderKey() {
        return sessionOrderKeys.getAndIncrement() & Integer.MAX_VALUE;
    }

    /** Connection stop/close from a listener of this connection would wait for itself (§6.1.5, §6.1.8). */
    private void checkNotInListener(String what) throws JMSException {
        for (ApogeeSession session : sessions) {
            if (session.isDispatcherThread()) {
                throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, what
                        + " must not be called from a MessageListener of this connection");
            }
        }
    }

    private void act() throws JMSException {
        checkClosed();
        checkNotLost();
        actionTaken = true;
    }

    /** After the provider reported the connection lost, everything but close fails fast (as in Qpid JMS). */
    void checkNotLost() throws JMSException {
        JMSException lost = lostWith;
        if (lost != null) {
            throw JmsExceptions.create(ErrorCode.CONNECTION_LOST, "the connection is lost; close it and create a "
                    + "new one (" + lost.getMessage() + ")", lost);
        }
    }

    boolean isStarted() {
        return started;
    }

    /** Waits until the connection is started (or closed), at most {@code millis}; true when started. */
    boolean awaitStarted(long millis) throws InterruptedException {
        synchronized (startLock) {
            long deadline = System.currentTimeMillis() + millis;
            while (!started && !closed) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    return false;
                }
                startLock.wait(left);
            }
            return started;
        }
    }

    String clientIdOrNull() {
        return clientID;
    }

    /** The origin a noLocal consumer of this connection excludes (see {@link NoLocal#origin}). */
    String noLocalOrigin() {
        return NoLocal.origin(clientID, connectionId);
    }

    /** From now on this connection's sends to topics carry {@code origin} (a noLocal consumer was created). */
    void stampOriginOnTopicSends(String origin) {
        originStamp = origin;
    }

    /** The origin this connection's topic sends carry, or null (no noLocal consumer yet). */
    String originStamp() {
        return originStamp;
    }

    /** Marks an unshared durable subscription's group active; false when another consumer already has it. */
    boolean activateDurable(String group) {
        return activeDurableGroups.add(group);
    }

    void deactivateDurable(String group) {
        activeDurableGroups.remove(group);
    }

    boolean isDurableActive(String group) {
        return activeDurableGroups.contains(group);
    }

    /** Creates a temporary queue or topic owned by this connection (deleted at close at the latest). */
    ApogeeDestination createTemporary(boolean queue) throws JMSException {
        checkClosed();
        String name = (queue ? "TMPQ_" : "TMPT_") + UUID.randomUUID().toString().replace("-", "");
        Futures.await(provider.ensureTopic(name));
        ApogeeDestination d = queue ? new ApogeeTemporaryQueue(name).bindDeleter(this::deleteTemporary)
                : new ApogeeTemporaryTopic(name).bindDeleter(this::deleteTemporary);
        temporaries.add(d);
        return d;
    }

    boolean ownsTemporary(ApogeeDestination d) {
        return temporaries.contains(d);
    }

    private void deleteTemporary(ApogeeDestination d) throws JMSException {
        checkClosed();
        for (ApogeeSession session : sessions) {
            if (session.hasConsumerOn(d)) {
                throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "temporary destination " + d
                        + " still has consumers");
            }
        }
        if (temporaries.remove(d)) {
            Futures.await(provider.deleteTopic(d.topic()));
        }
    }

    void removeSession(ApogeeSession session) {
        sessions.remove(session);
    }

    void onAsyncFailure(JMSException failure) {
        onFailure(failure);
    }

    private void onFailure(JMSException failure) {
        if (ErrorCode.CONNECTION_LOST.code().equals(failure.getErrorCode())) {
            synchronized (startLock) {
                if (lostWith != null) {
                    return; // reported once; later failures of the dead connection say nothing new
                }
                lostWith = failure;
                started = false; // listeners idle instead of spinning on failing pulls
            }
        }
        ExceptionListener l = exceptionListener;
        if (l != null) {
            l.onException(failure);
        }
    }

    // ---- Connection ----

    @Override
    public Session createSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return createSession(transacted, acknowledgeMode, ApogeeSession::new);
    }

    /** Makes the session of one API flavour: plain, or restricted to a domain (QueueSession, TopicSession). */
    @FunctionalInterface
    private interface SessionKind {
        ApogeeSession create(ApogeeConnection connection, int mode);
    }

    private ApogeeSession createSession(boolean transacted, int acknowledgeMode, SessionKind kind)
            throws JMSException {
        act();
        int mode = transacted ? Session.SESSION_TRANSACTED : acknowledgeMode;
        if (mode != Session.SESSION_TRANSACTED && mode != Session.AUTO_ACKNOWLEDGE
                && mode != Session.CLIENT_ACKNOWLEDGE && mode != Session.DUPS_OK_ACKNOWLEDGE) {
            throw JmsExceptions.create(ErrorCode.INTERNAL, "invalid acknowledge mode " + acknowledgeMode);
        }
        ApogeeSession session = kind.create(this, mode);
        sessions.add(session);
        return session;
    }

    /** Registers a session a subclass made (an XA session): it counts as an action and closes with the connection. */
    protected final void register(ApogeeSession session) throws JMSException {
        act();
        sessions.add(session);
    }

    @Override
    public Session createSession(int sessionMode) throws JMSException {
        return createSession(sessionMode == Session.SESSION_TRANSACTED, sessionMode);
    }

    @Override
    public Session createSession() throws JMSException {
        return createSession(false, Session.AUTO_ACKNOWLEDGE);
    }

    @Override
    public QueueSession createQueueSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return createSession(transacted, acknowledgeMode, ApogeeQueueSession::new);
    }

    @Override
    public TopicSession createTopicSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return createSession(transacted, acknowledgeMode, ApogeeTopicSession::new);
    }

    @Override
    public String getClientID() throws JMSException {
        checkClosed();
        return clientID;
    }

    @Override
    public synchronized void setClientID(String id) throws JMSException {
        checkClosed();
        if (clientIdFromFactory || clientID != null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "the client id is already set to '" + clientID + "'");
        }
        if (actionTaken) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE,
                    "the client id can only be set before any other action on the connection");
        }
        if (id == null || id.isEmpty()) {
            throw new InvalidClientIDException("[" + ErrorCode.ILLEGAL_STATE.code() + "] empty client id",
                    ErrorCode.ILLEGAL_STATE.code());
        }
        reserve(id);
        clientID = id;
        actionTaken = true;
    }

    @Override
    public ConnectionMetaData getMetaData() throws JMSException {
        act();
        return MetaData.INSTANCE;
    }

    @Override
    public ExceptionListener getExceptionListener() throws JMSException {
        act();
        return exceptionListener;
    }

    @Override
    public void setExceptionListener(ExceptionListener listener) throws JMSException {
        act();
        this.exceptionListener = listener;
    }

    @Override
    public void start() throws JMSException {
        act();
        synchronized (startLock) {
            started = true;
            startLock.notifyAll();
        }
        for (ApogeeSession session : sessions) {
            session.onConnectionStarted();
        }
    }

    @Override
    public void stop() throws JMSException {
        act();
        checkNotInListener("Connection.stop()");
        synchronized (startLock) {
            started = false;
        }
        for (ApogeeSession session : sessions) {
            session.awaitDeliveryPause(); // stop returns only after running listeners finished (§6.1.5)
        }
        // a stopped connection's consumers hold nothing: what they popped and did not deliver goes back (uncounted)
        Futures.await(provider.releasePrefetched());
    }

    @Override
    public void close() throws JMSException {
        if (closed) {
            return;
        }
        checkNotInListener("Connection.close()");
        for (ApogeeSession session : sessions) {
            session.checkNotInCompletion("Connection.close()"); // §7.3.8
        }
        JMSException first = null;
        for (ApogeeConnectionConsumer cc : new ArrayList<>(connectionConsumers)) {
            try {
                cc.close(); // first: it waits for its batch, which the sessions below must still be open for
            } catch (JMSException e) {
                first = e;
            }
        }
        synchronized (startLock) {
            started = false;
        }
        for (ApogeeSession session : new ArrayList<>(sessions)) {
            try {
                session.close();
            } catch (JMSException e) {
                first = first == null ? e : first;
            }
        }
        synchronized (startLock) {
            closed = true;
            startLock.notifyAll();
        }
        for (ApogeeDestination d : temporaries) {
            if (lostWith != null) {
                break; // a lost connection cannot delete them: they stay on the broker, unused
            }
            try {
                Futures.await(provider.deleteTopic(d.topic()));
            } catch (JMSException e) {
                first = first == null ? e : first;
            }
        }
        temporaries.clear();
        provider.close();
        if (clientID != null) {
            CLIENT_IDS_IN_USE.remove(clientID);
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Destination destination, String messageSelector,
            ServerSessionPool sessionPool, int maxMessages) throws JMSException {
        return connectionConsumer(sessionPool, maxMessages, s -> s.createConsumer(destination, messageSelector));
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Queue queue, String messageSelector,
            ServerSessionPool sessionPool, int maxMessages) throws JMSException {
        return createConnectionConsumer((Destination) queue, messageSelector, sessionPool, maxMessages);
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Topic topic, String messageSelector,
            ServerSessionPool sessionPool, int maxMessages) throws JMSException {
        return createConnectionConsumer((Destination) topic, messageSelector, sessionPool, maxMessages);
    }

    @Override
    public ConnectionConsumer createSharedConnectionConsumer(Topic topic, String subscriptionName,
            String messageSelector, ServerSessionPool sessionPool, int maxMessages) throws JMSException {
        return connectionConsumer(sessionPool, maxMessages,
                s -> s.createSharedConsumer(topic, subscriptionName, messageSelector));
    }

    @Override
    public ConnectionConsumer createDurableConnectionConsumer(Topic topic, String subscriptionName,
            String messageSelector, ServerSessionPool sessionPool, int maxMessages) throws JMSException {
        return connectionConsumer(sessionPool, maxMessages,
                s -> s.createDurableConsumer(topic, subscriptionName, messageSelector, false));
    }

    @Override
    public ConnectionConsumer createSharedDurableConnectionConsumer(Topic topic, String subscriptionName,
            String messageSelector, ServerSessionPool sessionPool, int maxMessages) throws JMSException {
        return connectionConsumer(sessionPool, maxMessages,
                s -> s.createSharedDurableConsumer(topic, subscriptionName, messageSelector));
    }

    /** How a connection consumer's internal session subscribes. */
    private interface Subscribe {
        MessageConsumer on(ApogeeSession session) throws JMSException;
    }

    /** A connection consumer over its own CLIENT_ACKNOWLEDGE session (see {@link ApogeeConnectionConsumer}). */
    private ConnectionConsumer connectionConsumer(ServerSessionPool pool, int maxMessages, Subscribe subscribe)
            throws JMSException {
        ApogeeConnectionConsumer.validate(pool, maxMessages);
        ApogeeSession internal = (ApogeeSession) createSession(false, Session.CLIENT_ACKNOWLEDGE);
        try {
            ApogeeConnectionConsumer cc = new ApogeeConnectionConsumer(this, internal, subscribe.on(internal), pool,
                    maxMessages);
            connectionConsumers.add(cc);
            cc.start();
            return cc;
        } catch (JMSException | RuntimeException e) {
            internal.close();
            throw e;
        }
    }

    void removeConnectionConsumer(ApogeeConnectionConsumer consumer) {
        connectionConsumers.remove(consumer);
    }

    /** Provider metadata. */
    static final class MetaData implements ConnectionMetaData {
        static final MetaData INSTANCE = new MetaData();

        @Override
        public String getJMSVersion() {
            return "3.1";
        }

        @Override
        public int getJMSMajorVersion() {
            return 3;
        }

        @Override
        public int getJMSMinorVersion() {
            return 1;
        }

        @Override
        public String getJMSProviderName() {
            return "Apogee MQ";
        }

        @Override
        public String getProviderVersion() {
            return "0.1.0";
        }

        @Override
        public int getProviderMajorVersion() {
            return 0;
        }

        @Override
        public int getProviderMinorVersion() {
            return 1;
        }

        @Override
        public Enumeration<String> getJMSXPropertyNames() {
            return Collections.enumeration(List.of("JMSXDeliveryCount", "JMSXGroupID", "JMSXGroupSeq"));
        }
    }
}
