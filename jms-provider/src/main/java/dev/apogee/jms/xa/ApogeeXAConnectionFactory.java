package dev.apogee.jms.xa;

import dev.apogee.jms.api.ApogeeConnection;
import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.jms.message.ObjectBodyCodec;
import dev.apogee.jms.provider.Provider;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.jms.XAConnection;
import jakarta.jms.XAConnectionFactory;
import jakarta.jms.XAJMSContext;
import jakarta.jms.XAQueueConnection;
import jakarta.jms.XAQueueConnectionFactory;
import jakarta.jms.XATopicConnection;
import jakarta.jms.XATopicConnectionFactory;

/**
 * The XA connection factory: the settings of {@link ApogeeConnectionFactory} (it is one), and every connection it
 * makes is an {@link ApogeeXAConnection}. Each XA session's resource works on transaction branches the brokers
 * commit atomically and keep through a crash once prepared ({@link ApogeeXAResource}).
 */
public class ApogeeXAConnectionFactory extends ApogeeConnectionFactory implements XAConnectionFactory,
        XAQueueConnectionFactory, XATopicConnectionFactory {
    private static final long serialVersionUID = 1L;

    public ApogeeXAConnectionFactory() {
    }

    public ApogeeXAConnectionFactory(String url) throws JMSException {
        super(url);
    }

    @Override
    protected ApogeeConnection newConnection(Provider provider, ObjectBodyCodec objects, String clientID)
            throws JMSException {
        return new ApogeeXAConnection(provider, objects, clientID);
    }

    @Override
    public XAConnection createXAConnection() throws JMSException {
        return (XAConnection) createConnection();
    }

    @Override
    public XAConnection createXAConnection(String userName, String password) throws JMSException {
        return (XAConnection) createConnection(userName, password);
    }

    @Override
    public XAQueueConnection createXAQueueConnection() throws JMSException {
        return (XAQueueConnection) createConnection();
    }

    @Override
    public XAQueueConnection createXAQueueConnection(String userName, String password) throws JMSException {
        return (XAQueueConnection) createConnection(userName, password);
    }

    @Override
    public XATopicConnection createXATopicConnection() throws JMSException {
        return (XATopicConnection) createConnection();
    }

    @Override
    public XATopicConnection createXATopicConnection(String userName, String password) throws JMSException {
        return (XATopicConnection) createConnection(userName, password);
    }

    @Override
    public XAJMSContext createXAContext() {
        return createXAContext(null, null);
    }

    /** A context over a new XA connection made with these credentials (null: the factory's own). */
    @Override
    public XAJMSContext createXAContext(String userName, String password) {
        try {
            ApogeeXAConnection connection = (ApogeeXAConnection) (userName == null && password == null
                    ? createConnection() : createConnection(userName, password));
            try {
                return new ApogeeXAJMSContext(connection);
            } catch (RuntimeException e) {
                connection.close();
                throw e;
            }
        } catch (JMSSecurityException e) {
            throw new JMSSecurityRuntimeException(e.getMessage(), e.getErrorCode(), e);
        } catch (JMSException e) {
            throw new JMSRuntimeException(e.getMessage(), e.getErrorCode(), e);
        }
    }
}
