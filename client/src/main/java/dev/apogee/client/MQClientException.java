package dev.apogee.client;

/**
 * A client-side failure: invalid arguments, no route, network error, timeout, or (subclass
 * {@link MQBrokerException}) an error response from a broker or name server. {@link #responseCode()} is the wire
 * response code, or one of the client-local codes below.
 */
public class MQClientException extends Exception {
    public static final int CONNECT_BROKER_EXCEPTION = 10001;
    public static final int ACCESS_BROKER_TIMEOUT = 10002;
    public static final int BROKER_NOT_EXIST_EXCEPTION = 10003;
    public static final int NO_NAME_SERVER_EXCEPTION = 10004;
    public static final int NOT_FOUND_TOPIC_EXCEPTION = 10005;
    public static final int REQUEST_TIMEOUT_EXCEPTION = 10006;
    /** Invalid arguments or messages; not an official code. */
    public static final int ILLEGAL_ARGUMENT = 10100;
    /** The client was not started or already shut down; not an official code. */
    public static final int ILLEGAL_STATE = 10101;

    private final int responseCode;

    public MQClientException(int responseCode, String message) {
        super(message);
        this.responseCode = responseCode;
    }

    public MQClientException(int responseCode, String message, Throwable cause) {
        super(message, cause);
        this.responseCode = responseCode;
    }

    public int responseCode() {
        return responseCode;
    }
}
