package dev.apogee.ra.outbound;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.Destination;
import jakarta.jms.ExceptionListener;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.ServerSessionPool;
import jakarta.jms.Session;
import jakarta.jms.Topic;

/**
 * The connection an application gets from the injected factory. Follows the Jakarta EE rules for JMS in the web and
 * EJB containers: at most one open session, createSession arguments ignored inside a transaction, and no
 * setClientID, setExceptionListener, stop or connection consumers. close() returns the pooled connection.
 * Used by the application thread that obtained it.
 */
public final class ConnectionHandle implements Connection {
    private ApogeeManagedConnection managed;
    private Session session;
    private boolean closed;

    ConnectionHandle(ApogeeManagedConnection managed) {
        this.managed = managed;
    }

    /** The container moved this handle to another pooled connection (connection sharing). */
    synchronized void moveTo(ApogeeManagedConnection other) {
        managed.detach(this);
        closeSession();
        managed = other;
        other.attach(this);
    }

    @Override
    public synchronized Session createSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return createSession(transacted ? Session.SESSION_TRANSACTED : acknowledgeMode);
    }

    @Override
    public synchronized Session createSession(int sessionMode) throws JMSException {
        checkOpen();
        if (session != null && !SessionHandle.isClosed(session)) {
            throw new IllegalStateException("a connection from a Jakarta EE container may have only one open"
                    + " session; close the first one", "APOGEE-RA-0020");
        }
        Session s = managed.openSession(sessionMode);
        boolean owned = managed.isOwnedSession(s);
        session = SessionHandle.wrap(s, managed.isTransactionSession(s), managed.isXASession(s), () -> {
            // The connection's own sessions outlive the handle: the transaction ends the local one, the XA one lives
            // as long as the pooled connection.
            if (!owned) {
                s.close();
            }
        });
        return session;
    }

    @Override
    public Session createSession() throws JMSException {
        return createSession(Session.AUTO_ACKNOWLEDGE);
    }

    @Override
    public synchronized void close() throws JMSException {
        if (closed) {
            return;
        }
        closeSession();
        closed = true;
        managed.handleClosed(this);
    }

    /** The container reclaimed the pooled connection: this handle is dead. */
    synchronized void invalidate() {
        closeSession();
        closed = true;
    }

    private void closeSession() {
        if (session != null) {
            try {
                session.close();
            } catch (JMSException | RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(ConnectionHandle.class).debug("closing a session", e);
            }
            session = null;
        }
    }

    private void checkOpen() throws JMSException {
        if (closed) {
            throw new IllegalStateException("the connection is closed", "APOGEE-RA-0021");
        }
    }

    @Override
    public String getClientID() throws JMSException {
        checkOpen();
        return null;
    }

    @Override
    public void setClientID(String clientID) throws JMSException {
        throw forbidden("setClientID");
    }

    @Override
    public ConnectionMetaData getMetaData() throws JMSException {
        checkOpen();
        return managed.physicalMetaData();
    }

    @Override
    public ExceptionListener getExceptionListener() throws JMSException {
        throw forbidden("getExceptionListener");
    }

    @Override
    public void setExceptionListener(ExceptionListener listener) throws JMSException {
        throw forbidden("setExceptionListener");
    }

    /** The pooled connection is already started. */
    @Override
    public void start() throws JMSException {
        checkOpen();
    }

    @Override
    public void stop() throws JMSException {
        throw forbidden("stop");
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Destination destination, String selector,
                                                       ServerSessionPool pool, int maxMessages) throws JMSException {
        throw forbidden("createConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createSharedConnectionConsumer(Topic topic, String name, String selector,
                                                             ServerSessionPool pool, int maxMessages)
            throws JMSException {
        throw forbidden("createSharedConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createDurableConnectionConsumer(Topic topic, String name, String selector,
                                                              ServerSessionPool pool, int maxMessages)
            throws JMSException {
        throw forbidden("createDurableConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createSharedDurableConnectionConsumer(Topic topic, String name, String selector,
                                                                    ServerSessionPool pool, int maxMessages)
            throws JMSException {
        throw forbidden("createSharedDurableConnectionConsumer");
    }

    private static JMSException forbidden(String method) {
        return new IllegalStateException(method + " may not be called in a Jakarta EE web or EJB container",
                "APOGEE-RA-0023");
    }
}
