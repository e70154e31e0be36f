package dev.apogee.client.producer;

/** The half message's send result and the local transaction's outcome sent to the broker. */
public record TransactionSendResult(SendResult sendResult, LocalTransactionState localState) {
}
