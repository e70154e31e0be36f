package dev.apogee.client.producer;

import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageExt;

/** The application side of transactional messages. Exceptions count as UNKNOW. */
public interface TransactionListener {
    /** Runs the local transaction after the half message was stored; called on the sending thread. */
    LocalTransactionState executeLocalTransaction(Message message, Object arg);

    /** Answers a broker's check-back for an undecided half message; called on the client's broker-request thread. */
    LocalTransactionState checkLocalTransaction(MessageExt message);
}
