package dev.apogee.client.message;

/** SYSFLAG bits of sends and stored records (section 4.2 of the protocol reference). */
public final class SysFlag {
    public static final int COMPRESSED = 0x1;
    public static final int MULTI_TAGS = 0x2;
    public static final int TRANSACTION_MASK = 0xC;
    public static final int TRANSACTION_NOT_TYPE = 0x0;
    public static final int TRANSACTION_PREPARED = 0x4;
    public static final int TRANSACTION_COMMIT = 0x8;
    public static final int TRANSACTION_ROLLBACK = 0xC;
    public static final int BORNHOST_V6 = 0x10;
    public static final int STOREHOST_V6 = 0x20;
    public static final int COMPRESSION_TYPE_MASK = 0x700;
    public static final int COMPRESSION_ZLIB = 3 << 8;

    private SysFlag() {
    }
}
