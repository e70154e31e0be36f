package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;

/**
 * A request built only when the connection gets to writing it, so that what it carries can still grow until then:
 * a batch of oneway sends that keeps taking messages while the connection is busy with earlier writes. Queued like
 * any other command (its place among the connection's writes is where it was queued), built on the channel's event
 * loop just before it is written. {@link #build} must not block and is called once.
 */
@FunctionalInterface
public interface DeferredCommand {
    RemotingCommand build();
}
