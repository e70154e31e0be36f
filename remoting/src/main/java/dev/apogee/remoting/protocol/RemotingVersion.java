package dev.apogee.remoting.protocol;

/**
 * Protocol version ordinals of the official {@code MQVersion.Version} enum. Clients derive behaviour from them:
 * a broker answering HEART_BEAT with a version below 232 is refused SQL92 pulls, and a namesrv answers standard
 * JSON routes only to requesters at 401 or above.
 */
public final class RemotingVersion {
    /** What Apache RocketMQ 5.3.3 sends, and what we send. */
    public static final int V5_3_3 = 479;
    public static final int V4_9_4 = 401;
    public static final int V4_1_0_SNAPSHOT = 232;
    public static final int CURRENT = V5_3_3;

    private RemotingVersion() {
    }
}
