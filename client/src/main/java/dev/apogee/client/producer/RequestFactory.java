package dev.apogee.client.producer;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.body.MessageQueue;

/** Builds a fresh request (with a fresh opaque) for each attempt of a send. */
@FunctionalInterface
interface RequestFactory {
    RemotingCommand build(MessageQueue queue);
}
