package dev.apogee.client.producer;

/** A local transaction's outcome; the values are the END_TRANSACTION {@code commitOrRollback} codes. */
public enum LocalTransactionState {
    COMMIT_MESSAGE(8),
    ROLLBACK_MESSAGE(12),
    /** Not decided yet: the broker will check back later. */
    UNKNOW(0);

    private final int code;

    LocalTransactionState(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
