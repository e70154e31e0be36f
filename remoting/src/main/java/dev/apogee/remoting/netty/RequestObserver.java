package dev.apogee.remoting.netty;

import io.netty.util.AttributeKey;

/**
 * Told about every request a server answered, with the time from its dispatch to its response being queued for
 * writing (the server's RPC latency, held pulls and pops included). Called on whichever thread answers (an event
 * loop, a processor's executor, the group-commit completion): must be thread-safe, cheap and never throw. Oneway
 * requests, which get no answer, are not reported.
 */
@FunctionalInterface
public interface RequestObserver {
    /** Where a server keeps its observer on each of its connections, for {@link RemotingResponder}. */
    AttributeKey<RequestObserver> KEY = AttributeKey.valueOf("apogee.requestObserver");

    void answered(int requestCode, int responseCode, long nanos);
}
