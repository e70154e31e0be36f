package dev.apogee.ra.outbound;

import dev.apogee.ra.settings.ApogeeSettings;
import dev.apogee.ra.xa.EnlistedXAResource;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Session;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.CommException;
import jakarta.resource.spi.ConnectionEvent;
import jakarta.resource.spi.ConnectionEventListener;
import jakarta.resource.spi.ConnectionRequestInfo;
import jakarta.resource.spi.LocalTransaction;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.ManagedConnectionMetaData;
import jakarta.resource.spi.SecurityException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.security.auth.Subject;
import javax.transaction.xa.XAResource;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One pooled physical JMS connection, transacted whichever way the connection definition's transaction support
 * says. XATransaction: the connection owns one XA session, which every handle uses; the container enlists its
 * resource ({@link #getXAResource()}), so inside the transaction the session's sends are halves of an XA branch the
 * transaction manager prepares and commits, and outside one the session is AUTO_ACKNOWLEDGE. LocalTransaction: while
 * the container's local transaction is active ({@link #getLocalTransaction()}), handles get the one transacted
 * session, which the transaction commits or rolls back; outside it each handle gets its own non-transacted session.
 * A failure reported by the connection marks it broken and tells the pool (CONNECTION_ERROR_OCCURRED) to drop it.
 * Used by one application thread at a time (the pool hands it to one transaction or caller); the transaction
 * manager's threads call the XA resource; the provider's exception-listener thread only flips {@link #isBroken()} and
 * notifies listeners.
 */
final class ApogeeManagedConnection implements ManagedConnection {
    private static final Logger LOG = LoggerFactory.getLogger(ApogeeManagedConnection.class);

    private final ApogeeManagedConnectionFactory factory;
    private final ApogeeRequestInfo request;
    private final XAConnection physical;
    private final List<ConnectionEventListener> listeners = new CopyOnWriteArrayList<>();
    private final List<ConnectionHandle> handles = new CopyOnWriteArrayList<>();
    private Session txSession;
    /** The XA session and its enlisted resource, made on first use and kept for the connection's life. */
    private XASession xaSession;
    private EnlistedXAResource xaResource;
    private boolean inTransaction;
    private volatile boolean broken;
    private PrintWriter logWriter;

    private ApogeeManagedConnection(ApogeeManagedConnectionFactory factory, ApogeeRequestInfo request,
                                    XAConnection physical) {
        this.factory = factory;
        this.request = request;
        this.physical = physical;
    }

    static ApogeeManagedConnection open(ApogeeManagedConnectionFactory factory, ApogeeSettings settings,
                                        ApogeeRequestInfo request) throws ResourceException {
        String user = request.user() != null ? request.user() : settings.user();
        String password = request.user() != null ? request.password() : settings.password();
        try {
            XAConnection c = settings.newConnectionFactory(false).createXAConnection(user, password);
            ApogeeManagedConnection mc = new ApogeeManagedConnection(factory, request, c);
            c.setExceptionListener(mc::connectionFailed);
            c.start();
            return mc;
        } catch (JMSSecurityException e) {
            // refused credentials: the container must not treat them as a broken network and retry
            SecurityException refused = new SecurityException("APOGEE-RA-0028 " + settings.connectionUrl()
                    + " refused the credentials of user " + user + ": " + e.getMessage(), e);
            refused.setErrorCode(e.getErrorCode());
            throw refused;
        } catch (JMSException e) {
            CommException failure = new CommException("APOGEE-RA-0013 cannot connect to "
                    + settings.connectionUrl() + ": " + e.getMessage(), e);
            failure.setErrorCode(e.getErrorCode());
            throw failure;
        }
    }

    @Override
    public Object getConnection(Subject subject, ConnectionRequestInfo info) throws ResourceException {
        checkUsable();
        ConnectionHandle handle = new ConnectionHandle(this);
        handles.add(handle);
        return handle;
    }

    @Override
    public void associateConnection(Object connection) throws ResourceException {
        if (!(connection instanceof ConnectionHandle handle)) {
            throw new ResourceException("APOGEE-RA-0014 not an Apogee connection handle: " + connection);
        }
        handle.moveTo(this);
    }

    void attach(ConnectionHandle handle) {
        handles.add(handle);
    }

    void detach(ConnectionHandle handle) {
        handles.remove(handle);
    }

    /** The application closed a handle: the pool may take this connection back once no handle remains. */
    void handleClosed(ConnectionHandle handle) {
        handles.remove(handle);
        ConnectionEvent event = new ConnectionEvent(this, ConnectionEvent.CONNECTION_CLOSED);
        event.setConnectionHandle(handle);
        for (ConnectionEventListener l : listeners) {
            l.connectionClosed(event);
        }
    }

    /**
     * A session for a handle: the local transaction's session inside one; the XA session once the container has
     * asked for the XA resource (XATransaction support; inside or outside a transaction); else a new
     * non-transacted one.
     */
    synchronized Session openSession(int acknowledgeMode) throws JMSException {
        if (xaSession != null && !inTransaction) {
            return xaSession;
        }
        if (inTransaction) {
            if (txSession == null) {
                txSession = physical.createSession(Session.SESSION_TRANSACTED);
            }
            return txSession;
        }
        // Jakarta EE: outside a transaction, SESSION_TRANSACTED and CLIENT_ACKNOWLEDGE are ignored.
        int mode = acknowledgeMode == Session.DUPS_OK_ACKNOWLEDGE ? Session.DUPS_OK_ACKNOWLEDGE
                : Session.AUTO_ACKNOWLEDGE;
        return physical.createSession(mode);
    }

    jakarta.jms.ConnectionMetaData physicalMetaData() throws JMSException {
        return physical.getMetaData();
    }

    /** Inside the container's transaction: the local transaction's session, or the XA session while enlisted. */
    synchronized boolean isTransactionSession(Session s) {
        return s != null && (s == txSession || s == xaSession && xaResource.isAssociated());
    }

    /** A session this connection keeps (a handle's close must not close it). */
    synchronized boolean isOwnedSession(Session s) {
        return s != null && (s == txSession || s == xaSession);
    }

    /** The XA session is shared by every handle of the connection's life: they close what they made on it. */
    synchronized boolean isXASession(Session s) {
        return s != null && s == xaSession;
    }

    synchronized boolean inTransaction() {
        return inTransaction;
    }

    synchronized void beginTransaction() throws ResourceException {
        checkUsable();
        inTransaction = true;
    }

    synchronized void endTransaction(boolean commit) throws ResourceException {
        Session s = txSession;
        txSession = null;
        inTransaction = false;
        if (s == null) {
            return;
        }
        try {
            if (commit) {
                s.commit();
            } else {
                s.rollback();
            }
        } catch (JMSException e) {
            ResourceException failure = new ResourceException("APOGEE-RA-0015 " + (commit ? "commit" : "rollback")
                    + " failed: " + e.getMessage(), e);
            failure.setErrorCode(e.getErrorCode());
            throw failure;
        } finally {
            closeQuietly(s);
        }
    }

    private void connectionFailed(JMSException failure) {
        broken = true;
        LOG.warn("APOGEE-RA-0016 pooled connection failed, the pool will drop it: {}", failure.toString());
        ConnectionEvent event = new ConnectionEvent(this, ConnectionEvent.CONNECTION_ERROR_OCCURRED, failure);
        for (ConnectionEventListener l : listeners) {
            l.connectionErrorOccurred(event);
        }
    }

    boolean isBroken() {
        return broken;
    }

    private void checkUsable() throws ResourceException {
        if (broken) {
            throw new CommException("APOGEE-RA-0017 the connection has failed");
        }
    }

    @Override
    public void cleanup() throws ResourceException {
        for (ConnectionHandle h : handles) {
            h.invalidate();
        }
        handles.clear();
        synchronized (this) {
            if (txSession != null) {
                closeQuietly(txSession);
                txSession = null;
            }
            inTransaction = false;
        }
    }

    @Override
    public void destroy() throws ResourceException {
        synchronized (this) {
            if (xaSession != null) {
                closeQuietly(xaSession); // an associated branch stays with the transaction manager to decide
                xaSession = null;
            }
        }
        cleanup();
        try {
            physical.close();
        } catch (JMSException e) {
            LOG.debug("closing a pooled connection", e);
        }
    }

    private static void closeQuietly(Session s) {
        try {
            s.close();
        } catch (JMSException | RuntimeException e) {
            LOG.debug("closing a session", e);
        }
    }

    @Override
    public void addConnectionEventListener(ConnectionEventListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeConnectionEventListener(ConnectionEventListener listener) {
        listeners.remove(listener);
    }

    /**
     * The XA session's resource (XATransaction support). The same object on every call: the container enlists it in
     * each transaction this connection takes part in, and also uses it for recovery (its {@code recover} lists the
     * brokers' prepared branches).
     */
    @Override
    public synchronized XAResource getXAResource() throws ResourceException {
        checkUsable();
        if (xaResource == null) {
            try {
                xaSession = physical.createXASession();
            } catch (JMSException e) {
                ResourceException failure = new ResourceException("APOGEE-RA-0012 cannot create the XA session of a"
                        + " pooled connection: " + e.getMessage(), e);
                failure.setErrorCode(e.getErrorCode());
                throw failure;
            }
            xaResource = new EnlistedXAResource(xaSession.getXAResource());
        }
        return xaResource;
    }

    @Override
    public LocalTransaction getLocalTransaction() {
        return new ManagedLocalTransaction(this);
    }

    @Override
    public ManagedConnectionMetaData getMetaData() {
        return new ConnectionMetaData(request.user());
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        this.logWriter = out;
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    ApogeeManagedConnectionFactory factory() {
        return factory;
    }

    ApogeeRequestInfo request() {
        return request;
    }
}
