package dev.apogee.jms.xa;

import jakarta.jms.JMSException;
import jakarta.jms.XAConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.transaction.xa.XAResource;

/**
 * Gives a recovering transaction manager an XAResource for the brokers of a connection factory: its
 * {@code recover} lists the branches prepared on any broker and not decided, and its {@code commit}/{@code rollback}
 * decide them by Xid on every broker (the process that prepared them may be gone). It has the shape of Narayana's
 * {@code XAResourceRecoveryHelper} ({@link #initialise}, {@link #getXAResources}); register it with a one-line
 * adapter, since this module does not depend on Narayana:
 * <pre>{@code
 * ApogeeXAResourceRecovery apogee = new ApogeeXAResourceRecovery(factory);
 * xaRecoveryModule.addXAResourceRecoveryHelper(new XAResourceRecoveryHelper() {
 *     public boolean initialise(String p) { return apogee.initialise(p); }
 *     public XAResource[] getXAResources() { return apogee.getXAResources(); }
 * });
 * }</pre>
 * The connection is opened on the first scan and reopened after a failure; {@link #close} releases it.
 * Thread-safe (synchronized).
 */
public final class ApogeeXAResourceRecovery implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ApogeeXAResourceRecovery.class);

    private final ApogeeXAConnectionFactory factory;
    private XAConnection connection;
    private XAResource resource;

    public ApogeeXAResourceRecovery(ApogeeXAConnectionFactory factory) {
        this.factory = factory;
    }

    /** Narayana's configuration hook; the factory already holds the settings. */
    public boolean initialise(String parameter) {
        return true;
    }

    /** The resource to scan and decide with; none while the brokers cannot be reached (the next scan retries). */
    public synchronized XAResource[] getXAResources() {
        try {
            return new XAResource[] {resource()};
        } catch (JMSException e) {
            LOG.warn("APOGEE-JMS-XA-001 no XA recovery resource for {} this scan: {}", factory.getNamesrvAddress(),
                    e.getMessage());
            close();
            return new XAResource[0];
        }
    }

    /** The recovery resource, opening the connection when needed. */
    public synchronized XAResource resource() throws JMSException {
        if (resource == null) {
            connection = factory.createXAConnection();
            resource = connection.createXASession().getXAResource();
        }
        return resource;
    }

    @Override
    public synchronized void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (JMSException e) {
                LOG.debug("closing the recovery connection failed", e);
            }
        }
        connection = null;
        resource = null;
    }
}
