package dev.apogee.client.transaction;

/**
 * A branch operation failed. {@link #reason()} says how, so that the JMS/XA layer can map it to an XA error code
 * without parsing messages.
 */
public final class BranchException extends Exception {
    /** Why a branch operation failed. */
    public enum Reason {
        /** The broker never prepared this branch (XAER_NOTA). */
        UNKNOWN_BRANCH,
        /** The branch was rolled back before this commit (XA_RBROLLBACK). */
        ROLLED_BACK,
        /** The branch was committed before this rollback (XA_HEURCOM). */
        COMMITTED,
        /** The broker refused the branch: a missing or foreign half, a bad id or body (XA_RBINTEGRITY). */
        INVALID,
        /** The broker does not speak the branch protocol (Apache RocketMQ answers REQUEST_CODE_NOT_SUPPORTED). */
        NOT_SUPPORTED,
        /** The broker could not be reached, timed out or answered another error, or the client is not started. */
        UNAVAILABLE
    }

    private final Reason reason;

    public BranchException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public BranchException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
