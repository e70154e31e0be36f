package dev.apogee.remoting.netty;

import dev.apogee.remoting.exception.RemotingException;

/** The server could not listen on its address, typically because another process holds the port. */
public final class RemotingBindException extends RemotingException {
    public RemotingBindException(String message, Throwable cause) {
        super(message, cause);
    }
}
