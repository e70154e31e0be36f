package dev.apogee.remoting.json;

/**
 * Malformed or unexpected JSON. Unchecked because callers decode untrusted network bodies and can do
 * nothing better than reject the request; the message carries the byte offset of the problem.
 */
public class JsonException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int offset;

    public JsonException(String message, int offset) {
        super(offset >= 0 ? message + " at offset " + offset : message);
        this.offset = offset;
    }

    public JsonException(String message, int offset, Throwable cause) {
        this(message, offset);
        initCause(cause);
    }

    /** Byte offset in the input where the problem was detected, or -1 when unknown. */
    public int offset() {
        return offset;
    }
}
