package dev.apogee.jms.xa;

import dev.apogee.jms.api.ApogeeConnection;
import dev.apogee.jms.message.ObjectBodyCodec;
import dev.apogee.jms.provider.Provider;
import jakarta.jms.JMSException;
import jakarta.jms.XAConnection;
import jakarta.jms.XAQueueConnection;
import jakarta.jms.XAQueueSession;
import jakarta.jms.XASession;
import jakarta.jms.XATopicConnection;
import jakarta.jms.XATopicSession;

/**
 * A connection that also makes {@link ApogeeXASession}s. Its XA sessions share one {@link XABranchTable}, so they
 * are one resource manager (isSameRM) and a branch joined from several of them is one provider branch. Its plain
 * {@code createSession} calls make ordinary sessions, with local transactions.
 */
public class ApogeeXAConnection extends ApogeeConnection implements XAConnection, XAQueueConnection,
        XATopicConnection {
    private final XABranchTable branches = new XABranchTable();

    ApogeeXAConnection(Provider provider, ObjectBodyCodec objects, String clientID) throws JMSException {
        super(provider, objects, clientID);
    }

    @Override
    public XASession createXASession() throws JMSException {
        ApogeeXASession session = new ApogeeXASession(this, branches);
        register(session);
        return session;
    }

    @Override
    public XAQueueSession createXAQueueSession() throws JMSException {
        return (XAQueueSession) createXASession();
    }

    @Override
    public XATopicSession createXATopicSession() throws JMSException {
        return (XATopicSession) createXASession();
    }
}
