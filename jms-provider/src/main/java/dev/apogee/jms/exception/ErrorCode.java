package dev.apogee.jms.exception;

/**
 * The stable error codes of the JMS provider, carried in {@link jakarta.jms.JMSException#getErrorCode()}.
 * Codes are never renumbered or reused; new ones are appended.
 */
public enum ErrorCode {
    /** A failure the provider could not classify. */
    INTERNAL("APOGEE-JMS-0001"),
    /** A property or map-entry value cannot be converted to the requested type (Jakarta Messaging 3.1 §3.5.4, §3.11.3). */
    CONVERSION("APOGEE-JMS-0002"),
    /** A value of an unsupported type was given to setObjectProperty / setObject / writeObject. */
    UNSUPPORTED_VALUE_TYPE("APOGEE-JMS-0003"),
    /** The message body or properties are read-only (§3.10, §3.11.2). */
    NOT_WRITEABLE("APOGEE-JMS-0004"),
    /** The message body is write-only (BytesMessage / StreamMessage before reset). */
    NOT_READABLE("APOGEE-JMS-0005"),
    /** The end of a BytesMessage or StreamMessage body was reached. */
    END_OF_BODY("APOGEE-JMS-0006"),
    /** Message.getBody asked for a type the body cannot be assigned to. */
    BODY_NOT_ASSIGNABLE("APOGEE-JMS-0007"),
    /** ObjectMessage payload refers to a class outside the trusted packages. */
    UNTRUSTED_CLASS("APOGEE-JMS-0008"),
    /** ObjectMessage payload could not be serialized or deserialized. */
    OBJECT_SERIALIZATION("APOGEE-JMS-0009"),
    /** A destination name or string form is not valid. */
    INVALID_DESTINATION("APOGEE-JMS-0010"),
    /** A wire message could not be decoded into a JMS message (corrupt body, unknown marker). */
    CORRUPT_MESSAGE("APOGEE-JMS-0011"),
    /** A header or property value cannot be carried by the RocketMQ wire form (e.g. a tag with separators). */
    UNENCODABLE_VALUE("APOGEE-JMS-0012"),
    /** The broker is busy or flow-controlling (RocketMQ SYSTEM_BUSY / FLOW_CONTROL). */
    BROKER_BUSY("APOGEE-JMS-0013"),
    /** The broker or name server could not be reached, or a request timed out. */
    CONNECTION_FAILED("APOGEE-JMS-0014"),
    /** The broker refused the operation for lack of permission. */
    NO_PERMISSION("APOGEE-JMS-0015"),
    /** The broker reported that a topic does not exist. */
    TOPIC_NOT_FOUND("APOGEE-JMS-0016"),
    /** The broker rejected a message selector / subscription expression. */
    INVALID_SELECTOR("APOGEE-JMS-0017"),
    /** The broker rejected the message itself (size, properties length). */
    MESSAGE_REJECTED("APOGEE-JMS-0018"),
    /** The operation is not valid in the object's current state (closed, no session to acknowledge with). */
    ILLEGAL_STATE("APOGEE-JMS-0019"),
    /** The broker reported an error response not otherwise classified. */
    BROKER_ERROR("APOGEE-JMS-0020"),
    /**
     * The connection is lost: a broker it uses stopped answering (killed, unreachable). Reported once to the
     * ExceptionListener; afterwards the connection only closes (operations fail fast with this code).
     */
    CONNECTION_LOST("APOGEE-JMS-0021"),
    /**
     * The broker refused the connection's credentials (unknown user, wrong password, no anonymous access), or only
     * one of user and password was given. A {@code JMSSecurityException}; NO_PERMISSION is a refused operation.
     */
    AUTHENTICATION_FAILED("APOGEE-JMS-0022"),
    /** A connection factory setting (setter or URL option) has a value out of its range. */
    INVALID_SETTING("APOGEE-JMS-0023"),
    /**
     * The broker refused the send because its disk is full (RocketMQ SERVICE_NOT_AVAILABLE with a {@code [DISK_FULL]}
     * remark). A {@code ResourceAllocationException}: nothing was stored; the same send succeeds once space is freed
     * on the broker, which resumes writing by itself.
     */
    BROKER_DISK_FULL("APOGEE-JMS-0024");

    private final String code;

    ErrorCode(String code) {
        this.code = code;
    }

    /** The string placed in {@code JMSException.getErrorCode()}, e.g. {@code APOGEE-JMS-0002}. */
    public String code() {
        return code;
    }

    @Override
    public String toString() {
        return code;
    }
}
