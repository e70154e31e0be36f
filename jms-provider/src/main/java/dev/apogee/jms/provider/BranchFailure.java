package dev.apogee.jms.provider;

import dev.apogee.jms.exception.ErrorCode;
import jakarta.jms.JMSException;

/**
 * A transaction-branch operation failed; {@link #reason()} says how, so the session and the XA resource choose the
 * exact outcome (TransactionRolledBackException, an XAException code) without parsing messages.
 */
public final class BranchFailure extends JMSException {
    private static final long serialVersionUID = 1L;

    /** How a branch operation failed (mirrors the broker's answers). */
    public enum Reason {
        /** The broker does not know the branch (never prepared, or already forgotten). */
        UNKNOWN_BRANCH,
        /** The branch was rolled back (by a rollback, or by the broker before it was prepared). */
        ROLLED_BACK,
        /** The branch was committed before a rollback reached it. */
        COMMITTED,
        /** The broker refused the branch's content (a missing half, a malformed id). */
        INVALID,
        /** A broker does not speak the branch protocol (Apache RocketMQ). */
        NOT_SUPPORTED,
        /** A broker could not be reached or failed; the outcome on it is not known. */
        UNAVAILABLE
    }

    private final Reason reason;

    public BranchFailure(Reason reason, String message, Throwable cause) {
        super("[" + code(reason).code() + "] " + message, code(reason).code());
        this.reason = reason;
        if (cause != null) {
            initCause(cause);
            setLinkedException(cause instanceof Exception e ? e : new Exception(cause));
        }
    }

    public Reason reason() {
        return reason;
    }

    private static ErrorCode code(Reason reason) {
        return switch (reason) {
            case UNAVAILABLE -> ErrorCode.CONNECTION_FAILED;
            case UNKNOWN_BRANCH -> ErrorCode.ILLEGAL_STATE;
            default -> ErrorCode.BROKER_ERROR;
        };
    }
}
