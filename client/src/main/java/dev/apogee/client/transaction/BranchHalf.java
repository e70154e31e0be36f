package dev.apogee.client.transaction;

/**
 * Where one invisible send of a branch is stored: the broker, its commit-log offset, the broker's offset message id
 * and the transaction id (the message's unique key).
 */
public record BranchHalf(String brokerName, long commitLogOffset, String msgId, String transactionId) {
}
