package dev.apogee.remoting.exception;

/** The request could not be written to the connection (closed while sending, write failed). */
public class RemotingSendRequestException extends RemotingException {
    public RemotingSendRequestException(String address, Throwable cause) {
        super("send request to " + address + " failed", cause);
    }
}
