package dev.apogee.client.transaction;

import dev.apogee.client.message.Message;
import dev.apogee.remoting.protocol.body.MessageQueue;

/** A message of a local commit ({@link BranchClient#commitLocal}) and the queue it is for. */
public record BranchMessage(Message message, MessageQueue queue) {
}
