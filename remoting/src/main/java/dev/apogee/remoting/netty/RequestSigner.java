package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;

/**
 * Adds credentials to every request a {@link NettyRemotingClient} originates (the counterpart of the official
 * {@code RPCHook.doBeforeRequest}), after its header fields and body are final and before it is written. Called on
 * the caller's thread, again for each retry of the same command; must be thread-safe.
 */
@FunctionalInterface
public interface RequestSigner {
    void sign(RemotingCommand request);
}
