/**
 * The command model of the remoting protocol: {@link dev.apogee.remoting.protocol.RemotingCommand}, request and
 * response codes, and typed access to the string-valued {@code extFields} that carry each command's header.
 * Commands are built by one thread and then owned by the transport; the constants are immutable.
 */
package dev.apogee.remoting.protocol;
