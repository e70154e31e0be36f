package dev.apogee.jms.api;

import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.Destination;
import jakarta.jms.ExceptionListener;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.StreamMessage;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;

import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.apogee.jms.api.RuntimeExceptions.unchecked;
import static dev.apogee.jms.api.RuntimeExceptions.uncheckedRun;

/**
 * The simplified API: one connection (shared with the contexts made by {@link #createContext(int)}, closed with the
 * last of them) and one session, created on first use so that {@link #setClientID} still works right after
 * creation. Consumers start the connection unless {@link #setAutoStart(boolean) auto start} is off.
 */
public class ApogeeJMSContext implements JMSContext {
    private final ApogeeConnection connection;
    private final AtomicInteger connectionUsers;
    private final int sessionMode;
    private volatile ApogeeSession session;
    private volatile boolean autoStart = true;
    private volatile boolean closed;

    protected ApogeeJMSContext(ApogeeConnection connection, int sessionMode) {
        this(connection, sessionMode, new AtomicInteger(1));
    }

    private ApogeeJMSContext(ApogeeConnection connection, int sessionMode, AtomicInteger users) {
        if (sessionMode != SESSION_TRANSACTED && sessionMode != AUTO_ACKNOWLEDGE
                && sessionMode != CLIENT_ACKNOWLEDGE && sessionMode != DUPS_OK_ACKNOWLEDGE) {
            throw new JMSRuntimeException("invalid session mode " + sessionMode);
        }
        this.connection = connection;
        this.sessionMode = sessionMode;
        this.connectionUsers = users;
    }

    private void checkClosed() {
        if (closed) {
            throw new IllegalStateRuntimeException("the JMSContext is closed");
        }
    }

    protected final ApogeeSession session() {
        checkClosed();
        ApogeeSession s = session;
        if (s == null) {
            synchronized (this) {
                s = session;
                if (s == null) {
                    s = unchecked(() -> newSession(connection, sessionMode));
                    session = s;
                }
            }
        }
        return s;
    }

    /** Creates the context's session (an XA context makes an XA session). */
    protected ApogeeSession newSession(ApogeeConnection connection, int mode) throws JMSException {
        return (ApogeeSession) connection.createSession(mode);
    }

    private JMSConsumer consumer(RuntimeExceptions.JmsCall<jakarta.jms.MessageConsumer> create) {
        ApogeeMessageConsumer c = (ApogeeMessageConsumer) unchecked(create);
        if (autoStart) {
            uncheckedRun(connection::start);
        }
        return new ApogeeJMSConsumer(c);
    }

    @Override
    public JMSContext createContext(int mode) {
        checkClosed();
        connectionUsers.incrementAndGet();
        return new ApogeeJMSContext(connection, mode, connectionUsers);
    }

    @Override
    public JMSProducer createProducer() {
        ApogeeSession s = session();
        return new ApogeeJMSProducer(s, (ApogeeMessageProducer) unchecked(() -> s.createProducer(null)));
    }

    @Override
    public String getClientID() {
        checkClosed();
        return unchecked(connection::getClientID);
    }

    @Override
    public void setClientID(String clientID) {
        checkClosed();
        uncheckedRun(() -> connection.setClientID(clientID));
    }

    @Override
    public ConnectionMetaData getMetaData() {
        checkClosed();
        return unchecked(connection::getMetaData);
    }

    @Override
    public ExceptionListener getExceptionListener() {
        checkClosed();
        return unchecked(connection::getExceptionListener);
    }

    @Override
    public void setExceptionListener(ExceptionListener listener) {
        checkClosed();
        uncheckedRun(() -> connection.setExceptionListener(listener));
    }

    @Override
    public void start() {
        checkClosed();
        uncheckedRun(connection::start);
    }

    @Override
    public void stop() {
        checkClosed();
        uncheckedRun(connection::stop);
    }

    @Override
    public void setAutoStart(boolean autoStart) {
        checkClosed();
        this.autoStart = autoStart;
    }

    @Override
    public boolean getAutoStart() {
        checkClosed();
        return autoStart;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        ApogeeSession current = session;
        if (current != null) {
            uncheckedRun(() -> current.checkNotInCompletion("JMSContext.close()")); // §7.3.8
        }
        closed = true;
        try {
            ApogeeSession s = session;
            if (s != null) {
                s.close();
            }
            if (connectionUsers.decrementAndGet() == 0) {
                connection.close();
            }
        } catch (JMSException e) {
            throw RuntimeExceptions.wrap(e);
        }
    }

    @Override
    public BytesMessage createBytesMessage() {
        return unchecked(() -> session().createBytesMessage());
    }

    @Override
    public MapMessage createMapMessage() {
        return unchecked(() -> session().createMapMessage());
    }

    @Override
    public Message createMessage() {
        return unchecked(() -> session().createMessage());
    }

    @Override
    public ObjectMessage createObjectMessage() {
        return unchecked(() -> session().createObjectMessage());
    }

    @Override
    public ObjectMessage createObjectMessage(Serializable object) {
        return unchecked(() -> session().createObjectMessage(object));
    }

    @Override
    public StreamMessage createStreamMessage() {
        return unchecked(() -> session().createStreamMessage());
    }

    @Override
    public TextMessage createTextMessage() {
        return unchecked(() -> session().createTextMessage());
    }

    @Override
    public TextMessage createTextMessage(String text) {
        return unchecked(() -> session().createTextMessage(text));
    }

    @Override
    public boolean getTransacted() {
        checkClosed();
        return sessionMode == Session.SESSION_TRANSACTED;
    }

    @Override
    public int getSessionMode() {
        checkClosed();
        return sessionMode;
    }

    @Override
    public void commit() {
        uncheckedRun(() -> session().commit());
    }

    @Override
    public void rollback() {
        uncheckedRun(() -> session().rollback());
    }

    @Override
    public void recover() {
        uncheckedRun(() -> session().recover());
    }

    @Override
    public JMSConsumer createConsumer(Destination destination) {
        return consumer(() -> session().createConsumer(destination));
    }

    @Override
    public JMSConsumer createConsumer(Destination destination, String messageSelector) {
        return consumer(() -> session().createConsumer(destination, messageSelector));
    }

    @Override
    public JMSConsumer createConsumer(Destination destination, String messageSelector, boolean noLocal) {
        return consumer(() -> session().createConsumer(destination, messageSelector, noLocal));
    }

    @Override
    public JMSConsumer createSharedConsumer(Topic topic, String name) {
        return consumer(() -> session().createSharedConsumer(topic, name));
    }

    @Override
    public JMSConsumer createSharedConsumer(Topic topic, String name, String messageSelector) {
        return consumer(() -> session().createSharedConsumer(topic, name, messageSelector));
    }

    @Override
    public JMSConsumer createDurableConsumer(Topic topic, String name) {
        return consumer(() -> session().createDurableConsumer(topic, name));
    }

    @Override
    public JMSConsumer createDurableConsumer(Topic topic, String name, String messageSelector, boolean noLocal) {
        return consumer(() -> session().createDurableConsumer(topic, name, messageSelector, noLocal));
    }

    @Override
    public JMSConsumer createSharedDurableConsumer(Topic topic, String name) {
        return consumer(() -> session().createSharedDurableConsumer(topic, name));
    }

    @Override
    public JMSConsumer createSharedDurableConsumer(Topic topic, String name, String messageSelector) {
        return consumer(() -> session().createSharedDurableConsumer(topic, name, messageSelector));
    }

    @Override
    public QueueBrowser createBrowser(Queue queue) {
        return unchecked(() -> session().createBrowser(queue));
    }

    @Override
    public QueueBrowser createBrowser(Queue queue, String messageSelector) {
        return unchecked(() -> session().createBrowser(queue, messageSelector));
    }

    @Override
    public Queue createQueue(String queueName) {
        return unchecked(() -> session().createQueue(queueName));
    }

    @Override
    public Topic createTopic(String topicName) {
        return unchecked(() -> session().createTopic(topicName));
    }

    @Override
    public TemporaryQueue createTemporaryQueue() {
        return unchecked(() -> session().createTemporaryQueue());
    }

    @Override
    public TemporaryTopic createTemporaryTopic() {
        return unchecked(() -> session().createTemporaryTopic());
    }

    @Override
    public void unsubscribe(String name) {
        uncheckedRun(() -> session().unsubscribe(name));
    }

    @Override
    public void acknowledge() {
        ApogeeSession s = session();
        uncheckedRun(s::acknowledgeFromContext);
    }
}
