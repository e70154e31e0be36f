package dev.apogee.client;

import dev.apogee.remoting.protocol.RemotingCommand;

/** A producer registered with a {@link ClientInstance}: named in heartbeats, asked to resolve transaction checks. */
public interface ProducerMember {
    String group();

    /**
     * A CHECK_TRANSACTION_STATE request from {@code brokerAddress} for a half message of this group. Runs on the
     * instance's broker-request thread; answers with END_TRANSACTION. Plain producers ignore it.
     */
    default void checkTransactionState(String brokerAddress, RemotingCommand request) {
    }
}
