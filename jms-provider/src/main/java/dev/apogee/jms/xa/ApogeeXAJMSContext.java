package dev.apogee.jms.xa;

import dev.apogee.jms.api.ApogeeConnection;
import dev.apogee.jms.api.ApogeeJMSContext;
import dev.apogee.jms.api.ApogeeSession;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.XAJMSContext;

import javax.transaction.xa.XAResource;

/**
 * The simplified API over an {@link ApogeeXASession}: transacted by the transaction manager through
 * {@link #getXAResource()}; its own commit and rollback throw {@code TransactionInProgressRuntimeException}.
 */
public class ApogeeXAJMSContext extends ApogeeJMSContext implements XAJMSContext {

    ApogeeXAJMSContext(ApogeeXAConnection connection) {
        super(connection, JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    protected ApogeeSession newSession(ApogeeConnection connection, int mode) throws JMSException {
        return (ApogeeSession) ((ApogeeXAConnection) connection).createXASession();
    }

    @Override
    public JMSContext getContext() {
        session(); // fails when closed
        return this;
    }

    @Override
    public XAResource getXAResource() {
        return ((ApogeeXASession) session()).getXAResource();
    }

    @Override
    public boolean getTransacted() {
        session();
        return true;
    }

    @Override
    public int getSessionMode() {
        session();
        return JMSContext.SESSION_TRANSACTED;
    }
}
