package dev.apogee.ra.outbound;

import jakarta.resource.ResourceException;
import jakarta.resource.spi.LocalTransaction;

/** The container's local transaction on one pooled connection: ends the connection's transacted session. */
record ManagedLocalTransaction(ApogeeManagedConnection connection) implements LocalTransaction {
    @Override
    public void begin() throws ResourceException {
        connection.beginTransaction();
    }

    @Override
    public void commit() throws ResourceException {
        connection.endTransaction(true);
    }

    @Override
    public void rollback() throws ResourceException {
        connection.endTransaction(false);
    }
}
