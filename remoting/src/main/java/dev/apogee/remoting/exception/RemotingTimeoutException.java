package dev.apogee.remoting.exception;

/** The request was sent but no response arrived within the timeout. */
public class RemotingTimeoutException extends RemotingException {
    public RemotingTimeoutException(String address, long timeoutMillis) {
        super("wait response from " + address + " timed out after " + timeoutMillis + " ms");
    }

    public RemotingTimeoutException(String message) {
        super(message);
    }
}
