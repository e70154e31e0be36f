package dev.apogee.ra.outbound;

import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionEvent;
import jakarta.resource.spi.ConnectionEventListener;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.ConnectionRequestInfo;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.ManagedConnectionFactory;

/** The connection manager of a factory used outside a container: one physical connection per handle, no pool. */
final class UnpooledConnectionManager implements ConnectionManager {
    private static final long serialVersionUID = 1L;

    @Override
    public Object allocateConnection(ManagedConnectionFactory mcf, ConnectionRequestInfo info)
            throws ResourceException {
        ManagedConnection mc = mcf.createManagedConnection(null, info);
        mc.addConnectionEventListener(new ConnectionEventListener() {
            @Override
            public void connectionClosed(ConnectionEvent event) {
                destroy(mc);
            }

            @Override
            public void connectionErrorOccurred(ConnectionEvent event) {
                destroy(mc);
            }

            @Override
            public void localTransactionStarted(ConnectionEvent event) {
            }

            @Override
            public void localTransactionCommitted(ConnectionEvent event) {
            }

            @Override
            public void localTransactionRolledback(ConnectionEvent event) {
            }
        });
        return mc.getConnection(null, info);
    }

    private static void destroy(ManagedConnection mc) {
        try {
            mc.destroy();
        } catch (ResourceException e) {
            org.slf4j.LoggerFactory.getLogger(UnpooledConnectionManager.class).debug("destroy", e);
        }
    }
}
