package dev.apogee.remoting.protocol;

/**
 * A command that cannot be processed as sent: a required header field missing or unparsable, a malformed body.
 * The transport turns it into an error response carrying the message, so the message must name what was wrong.
 */
public class RemotingCommandException extends RuntimeException {
    private final int responseCode;

    public RemotingCommandException(String message) {
        this(ResponseCode.SYSTEM_ERROR, message);
    }

    public RemotingCommandException(int responseCode, String message) {
        super(message, null, false, false);
        this.responseCode = responseCode;
    }

    public int responseCode() {
        return responseCode;
    }
}
