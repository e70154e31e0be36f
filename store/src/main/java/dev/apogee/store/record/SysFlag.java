package dev.apogee.store.record;

/** SYSFLAG bits of a stored record (protocol doc section 4.2). */
public final class SysFlag {
    public static final int COMPRESSED = 0x1;
    public static final int MULTI_TAGS = 0x2;
    public static final int TRANSACTION_MASK = 0xC;
    public static final int TRANSACTION_NOT_TYPE = 0x0;
    public static final int TRANSACTION_PREPARED_TYPE = 0x4;
    public static final int TRANSACTION_COMMIT_TYPE = 0x8;
    public static final int TRANSACTION_ROLLBACK_TYPE = 0xC;
    public static final int BORNHOST_V6 = 0x10;
    public static final int STOREHOST_V6 = 0x20;
    /**
     * Apogee-only, on the first record of an atomic group ({@code MessageStore#putAtomicGroup}), whose
     * PREPARED_TRANSACTION_OFFSET field then holds the bytes of the group's records after it. Set only on broker
     * system records (never delivered to clients); bits 8-10 are RocketMQ's compression type, so this one is far above.
     */
    public static final int ATOMIC_GROUP_HEADER = 0x10000;

    private SysFlag() {
    }

    public static int transactionType(int sysFlag) {
        return sysFlag & TRANSACTION_MASK;
    }

    /** Prepared (half) and rollback records get no queue offset and no consume-queue entry, as in RocketMQ. */
    public static boolean isConsumable(int sysFlag) {
        int t = transactionType(sysFlag);
        return t == TRANSACTION_NOT_TYPE || t == TRANSACTION_COMMIT_TYPE;
    }

    public static boolean isAtomicGroupHeader(int sysFlag) {
        return (sysFlag & ATOMIC_GROUP_HEADER) != 0;
    }

    public static int bornHostLength(int sysFlag) {
        return (sysFlag & BORNHOST_V6) == 0 ? 8 : 20;
    }

    public static int storeHostLength(int sysFlag) {
        return (sysFlag & STOREHOST_V6) == 0 ? 8 : 20;
    }
}
