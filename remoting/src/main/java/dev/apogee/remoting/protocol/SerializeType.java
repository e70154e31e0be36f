package dev.apogee.remoting.protocol;

/** Header serialization, carried in the high byte of the frame's second length word. */
public enum SerializeType {
    JSON((byte) 0),
    ROCKETMQ((byte) 1);

    private final byte code;

    SerializeType(byte code) {
        this.code = code;
    }

    public byte code() {
        return code;
    }

    /** @return the type for a wire code, or {@code null} when the code is unknown (a hostile or corrupt frame). */
    public static SerializeType fromCode(int code) {
        return switch (code) {
            case 0 -> JSON;
            case 1 -> ROCKETMQ;
            default -> null;
        };
    }

    /**
     * The type a Java process originates commands in, chosen like the official client: system property
     * {@code rocketmq.serialize.type}, else environment variable {@code ROCKETMQ_SERIALIZE_TYPE}, else JSON.
     */
    public static SerializeType processDefault() {
        String configured = System.getProperty("rocketmq.serialize.type", System.getenv("ROCKETMQ_SERIALIZE_TYPE"));
        if (configured == null || configured.isEmpty()) {
            return JSON;
        }
        return valueOf(configured);
    }
}
