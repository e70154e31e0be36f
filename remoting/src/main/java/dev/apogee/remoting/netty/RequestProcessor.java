package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/**
 * Handles the requests of one or more request codes. Runs on the executor it was registered with, or — for a request
 * it declares cheap ({@link #processesOnEventLoop}) — on the event loop of the request's connection.
 */
@FunctionalInterface
public interface RequestProcessor {
    /**
     * @return the response, or {@code null} when there is none now: a oneway request, or one answered later through
     *     {@link RemotingResponder} (a held long-polling pull). A thrown
     *     {@link dev.apogee.remoting.protocol.RemotingCommandException} becomes an error response with its code and
     *     message; any other exception a SYSTEM_ERROR response.
     */
    RemotingCommand processRequest(Channel channel, RemotingCommand request) throws Exception;

    /**
     * Whether {@code request} may be processed right on its connection's event loop rather than on the executor: the
     * hand-off to the executor and the one back for the response cost more than the work itself. Only for work that
     * never blocks and takes microseconds, since it delays the loop's other connections. Called on the event loop;
     * for an ordered (lane) registration only while the request's lane is idle, so that running it at once keeps the
     * lane's order. An exception counts as false.
     */
    default boolean processesOnEventLoop(Channel channel, RemotingCommand request) {
        return false;
    }

    /** Lets a processor refuse work (answered SYSTEM_BUSY) before it is queued, e.g. while its store is busy. */
    default boolean rejectRequest() {
        return false;
    }
}
