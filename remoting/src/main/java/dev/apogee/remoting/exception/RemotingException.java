package dev.apogee.remoting.exception;

/** A remote call failed in transport: could not connect, could not send, or no answer in time. */
public class RemotingException extends Exception {
    public RemotingException(String message) {
        super(message);
    }

    public RemotingException(String message, Throwable cause) {
        super(message, cause);
    }
}
