package dev.apogee.jms.api;

import jakarta.jms.IllegalStateException;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.InvalidClientIDRuntimeException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidDestinationRuntimeException;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.InvalidSelectorRuntimeException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.MessageNotWriteableRuntimeException;
import jakarta.jms.ResourceAllocationException;
import jakarta.jms.ResourceAllocationRuntimeException;
import jakarta.jms.TransactionInProgressException;
import jakarta.jms.TransactionInProgressRuntimeException;
import jakarta.jms.TransactionRolledBackException;
import jakarta.jms.TransactionRolledBackRuntimeException;

/** JMSException → the matching JMSRuntimeException of the simplified API (Jakarta Messaging 3.1 §11.4). */
final class RuntimeExceptions {
    private RuntimeExceptions() {
    }

    @FunctionalInterface
    interface JmsCall<T> {
        T call() throws JMSException;
    }

    @FunctionalInterface
    interface JmsRun {
        void run() throws JMSException;
    }

    static <T> T unchecked(JmsCall<T> call) {
        try {
            return call.call();
        } catch (JMSException e) {
            throw wrap(e);
        }
    }

    static void uncheckedRun(JmsRun run) {
        try {
            run.run();
        } catch (JMSException e) {
            throw wrap(e);
        }
    }

    static JMSRuntimeException wrap(JMSException e) {
        String m = e.getMessage();
        String c = e.getErrorCode();
        JMSRuntimeException r;
        if (e instanceof IllegalStateException) {
            r = new IllegalStateRuntimeException(m, c, e);
        } else if (e instanceof InvalidClientIDException) {
            r = new InvalidClientIDRuntimeException(m, c, e);
        } else if (e instanceof InvalidDestinationException) {
            r = new InvalidDestinationRuntimeException(m, c, e);
        } else if (e instanceof InvalidSelectorException) {
            r = new InvalidSelectorRuntimeException(m, c, e);
        } else if (e instanceof JMSSecurityException) {
            r = new JMSSecurityRuntimeException(m, c, e);
        } else if (e instanceof MessageFormatException) {
            r = new MessageFormatRuntimeException(m, c, e);
        } else if (e instanceof MessageNotWriteableException) {
            r = new MessageNotWriteableRuntimeException(m, c, e);
        } else if (e instanceof ResourceAllocationException) {
            r = new ResourceAllocationRuntimeException(m, c, e);
        } else if (e instanceof TransactionInProgressException) {
            r = new TransactionInProgressRuntimeException(m, c, e);
        } else if (e instanceof TransactionRolledBackException) {
            r = new TransactionRolledBackRuntimeException(m, c, e);
        } else {
            r = new JMSRuntimeException(m, c, e);
        }
        return r;
    }
}
