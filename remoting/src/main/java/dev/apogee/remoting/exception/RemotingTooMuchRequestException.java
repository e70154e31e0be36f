package dev.apogee.remoting.exception;

/** Too many asynchronous or oneway requests are in flight: the caller must slow down. */
public class RemotingTooMuchRequestException extends RemotingException {
    public RemotingTooMuchRequestException(String message) {
        super(message);
    }
}
