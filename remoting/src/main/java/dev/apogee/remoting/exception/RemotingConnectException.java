package dev.apogee.remoting.exception;

/** No connection to the address could be established within the connect timeout. */
public class RemotingConnectException extends RemotingException {
    public RemotingConnectException(String address, Throwable cause) {
        super("connect to " + address + " failed", cause);
    }
}
