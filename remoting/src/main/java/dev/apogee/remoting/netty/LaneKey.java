package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;

/**
 * Says which requests of one connection must be processed in arrival order: requests with equal keys (e.g. sends to
 * one topic and queue) run one after the other, requests with different keys may run in parallel. Called on the
 * connection's event loop, so it must be cheap and must not block; a request whose header lacks the fields may map to
 * any key (its processor answers the bad header).
 */
@FunctionalInterface
public interface LaneKey {
    int of(RemotingCommand request);
}
