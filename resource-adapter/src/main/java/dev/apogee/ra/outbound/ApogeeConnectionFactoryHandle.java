package dev.apogee.ra.outbound;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.resource.Referenceable;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionManager;

import javax.naming.Reference;
import java.io.Serializable;

/**
 * The connection factory the application injects with {@code @Resource}: each connection comes from the
 * container's pool (and is enlisted in its transaction). Thread-safe: it holds only the definition and the
 * container's connection manager.
 */
public class ApogeeConnectionFactoryHandle implements ConnectionFactory, Serializable, Referenceable {
    private static final long serialVersionUID = 1L;

    private final ApogeeManagedConnectionFactory mcf;
    private final ConnectionManager cm;
    private Reference reference;

    ApogeeConnectionFactoryHandle(ApogeeManagedConnectionFactory mcf, ConnectionManager cm) {
        this.mcf = mcf;
        this.cm = cm;
    }

    /** The connection definition behind this factory (its settings feed activations naming it). */
    public ApogeeManagedConnectionFactory managedConnectionFactory() {
        return mcf;
    }

    @Override
    public Connection createConnection() throws JMSException {
        return allocate(ApogeeRequestInfo.DEFAULT);
    }

    @Override
    public Connection createConnection(String userName, String password) throws JMSException {
        return allocate(new ApogeeRequestInfo(userName, password));
    }

    private Connection allocate(ApogeeRequestInfo info) throws JMSException {
        try {
            return (Connection) cm.allocateConnection(mcf, info);
        } catch (ResourceException e) {
            // the container may wrap the adapter's SecurityException; the credentials' refusal stays a security one
            boolean refused = false;
            for (Throwable t = e; t != null && !refused; t = t.getCause() == t ? null : t.getCause()) {
                refused = t instanceof jakarta.resource.spi.SecurityException;
            }
            throw JmsExceptions.create(refused ? ErrorCode.AUTHENTICATION_FAILED : ErrorCode.CONNECTION_FAILED,
                    "APOGEE-RA-0026 no pooled connection: " + e.getMessage(), e);
        }
    }

    @Override
    public JMSContext createContext() {
        throw contextsUnsupported();
    }

    @Override
    public JMSContext createContext(String userName, String password) {
        throw contextsUnsupported();
    }

    @Override
    public JMSContext createContext(String userName, String password, int sessionMode) {
        throw contextsUnsupported();
    }

    @Override
    public JMSContext createContext(int sessionMode) {
        throw contextsUnsupported();
    }

    private static JMSRuntimeException contextsUnsupported() {
        return new JMSRuntimeException("JMSContext is not supported through the resource adapter yet;"
                + " use createConnection()", "APOGEE-RA-0027");
    }

    @Override
    public void setReference(Reference reference) {
        this.reference = reference;
    }

    @Override
    public Reference getReference() {
        return reference;
    }
}
