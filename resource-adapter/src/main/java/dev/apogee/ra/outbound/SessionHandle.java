package dev.apogee.ra.outbound;

import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import jakarta.jms.TransactionInProgressException;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

/**
 * The session an application gets from a {@link ConnectionHandle}: the provider's session with the Jakarta EE rules
 * laid over it (no commit/rollback inside the container's transaction, no message listeners, close detaches
 * instead of ending a transaction's session). Over the pooled connection's XA session, which every handle shares, it
 * also closes the producers, consumers and browsers it made when it is closed, so they do not pile up on that
 * session. A proxy, as every other method passes straight through.
 */
final class SessionHandle implements InvocationHandler {
    /** Runs when the application closes the session; may throw JMSException. */
    interface OnClose {
        void run() throws JMSException;
    }

    private final Session target;
    private final boolean inTransaction;
    private final boolean closeChildren;
    private final List<AutoCloseable> children = new ArrayList<>();
    private final OnClose onClose;
    private volatile boolean closed;

    private SessionHandle(Session target, boolean inTransaction, boolean closeChildren, OnClose onClose) {
        this.target = target;
        this.inTransaction = inTransaction;
        this.closeChildren = closeChildren;
        this.onClose = onClose;
    }

    /**
     * @param inTransaction the session works inside the container's transaction now
     * @param closeChildren close what was made through this handle when it closes (a shared session)
     */
    static Session wrap(Session target, boolean inTransaction, boolean closeChildren, OnClose onClose) {
        return (Session) Proxy.newProxyInstance(SessionHandle.class.getClassLoader(), new Class<?>[] {Session.class},
                new SessionHandle(target, inTransaction, closeChildren, onClose));
    }

    static boolean isClosed(Session proxy) {
        return ((SessionHandle) Proxy.getInvocationHandler(proxy)).closed;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        String name = method.getName();
        switch (name) {
            case "close" -> {
                if (!closed) {
                    closed = true;
                    closeChildren();
                    onClose.run();
                }
                return null;
            }
            case "equals" -> {
                return proxy == args[0];
            }
            case "hashCode" -> {
                return System.identityHashCode(proxy);
            }
            case "toString" -> {
                return "SessionHandle[" + target + (inTransaction ? ", in transaction" : "") + "]";
            }
            default -> {
            }
        }
        if (closed) {
            throw new IllegalStateException("the session is closed", "APOGEE-RA-0024");
        }
        switch (name) {
            case "commit", "rollback" -> {
                if (inTransaction) {
                    throw new TransactionInProgressException(name + " is not allowed inside the container's"
                            + " transaction", "APOGEE-RA-0025");
                }
            }
            case "getTransacted" -> {
                return inTransaction;
            }
            case "getAcknowledgeMode" -> {
                return inTransaction ? Session.SESSION_TRANSACTED : target.getAcknowledgeMode();
            }
            case "setMessageListener", "run" -> throw new IllegalStateException(name
                    + " may not be called in a Jakarta EE web or EJB container", "APOGEE-RA-0023");
            default -> {
            }
        }
        Object result;
        try {
            result = method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        if (closeChildren && result instanceof AutoCloseable child && !(result instanceof Session)) {
            synchronized (children) {
                children.add(child);
            }
        }
        return result;
    }

    /**
     * A consumer closed here has already added what it received to the XA branch (the provider records positions at
     * each delivery), so closing it before the transaction ends loses nothing.
     */
    private void closeChildren() {
        List<AutoCloseable> open;
        synchronized (children) {
            open = new ArrayList<>(children);
            children.clear();
        }
        for (AutoCloseable c : open) {
            try {
                c.close();
            } catch (Exception e) {
                // the session stays usable; a producer or consumer that cannot close is already dead
                org.slf4j.LoggerFactory.getLogger(SessionHandle.class).debug("closing {}", c, e);
            }
        }
    }
}
