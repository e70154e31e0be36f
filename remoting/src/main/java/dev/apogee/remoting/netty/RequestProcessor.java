package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/**
 * Handles the requests of one or more request codes. Runs on the executor it was registered with, never on the
 * event loop.
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

    /** Lets a processor refuse work (answered SYSTEM_BUSY) before it is queued, e.g. while its store is busy. */
    default boolean rejectRequest() {
        return false;
    }
}
