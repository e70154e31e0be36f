package dev.apogee.jms.xa;

import dev.apogee.jms.api.ApogeeSession;
import dev.apogee.jms.exception.ErrorCode;
import jakarta.jms.JMSException;
import jakarta.jms.QueueSession;
import jakarta.jms.Session;
import jakarta.jms.TopicSession;
import jakarta.jms.TransactionInProgressException;
import jakarta.jms.XAQueueSession;
import jakarta.jms.XASession;
import jakarta.jms.XATopicSession;

import javax.transaction.xa.XAResource;

/**
 * A session whose transactions belong to a transaction manager, through {@link #getXAResource()}. Inside a global
 * transaction its sends are halves of the XA branch and its deliveries become the branch's acks; outside one it
 * behaves as an AUTO_ACKNOWLEDGE session (Jakarta Messaging 3.1 §8.6 allows either). It is always "transacted", and
 * its own commit and rollback are refused: the manager decides.
 */
public class ApogeeXASession extends ApogeeSession implements XASession, XAQueueSession, XATopicSession {
    private final ApogeeXAResource resource;

    ApogeeXASession(ApogeeXAConnection connection, XABranchTable table) {
        super(connection, Session.AUTO_ACKNOWLEDGE);
        this.resource = new ApogeeXAResource(transactions(), table, transactions().provider().branches());
    }

    @Override
    public Session getSession() throws JMSException {
        getAcknowledgeMode(); // fails when closed
        return this;
    }

    @Override
    public QueueSession getQueueSession() throws JMSException {
        getAcknowledgeMode();
        return this;
    }

    @Override
    public TopicSession getTopicSession() throws JMSException {
        getAcknowledgeMode();
        return this;
    }

    @Override
    public XAResource getXAResource() {
        return resource;
    }

    @Override
    public boolean getTransacted() throws JMSException {
        getAcknowledgeMode();
        return true;
    }

    @Override
    public void commit() throws JMSException {
        getAcknowledgeMode();
        throw new TransactionInProgressException("[" + ErrorCode.ILLEGAL_STATE.code()
                + "] commit() on an XASession: the transaction manager commits", ErrorCode.ILLEGAL_STATE.code());
    }

    @Override
    public void rollback() throws JMSException {
        getAcknowledgeMode();
        throw new TransactionInProgressException("[" + ErrorCode.ILLEGAL_STATE.code()
                + "] rollback() on an XASession: the transaction manager rolls back", ErrorCode.ILLEGAL_STATE.code());
    }
}
