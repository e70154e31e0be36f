package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/**
 * Checks every incoming request before its processor runs (the broker's ACL). Called on the processor's executor,
 * right before the processor and after the code lookup, so an unknown code still gets REQUEST_CODE_NOT_SUPPORTED and
 * a slow check (a heartbeat body to parse) never stalls an event loop. Must be thread-safe; a throw counts as a
 * SYSTEM_ERROR like a processor's.
 */
@FunctionalInterface
public interface RequestInterceptor {
    /** {@code null} to let the request through, or the response that refuses it (e.g. NO_PERMISSION). */
    RemotingCommand check(Channel channel, RemotingCommand request);
}
