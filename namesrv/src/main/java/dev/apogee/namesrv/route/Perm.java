package dev.apogee.namesrv.route;

/** Permission bits of a topic's queues on one broker (RocketMQ {@code PermName}). */
public final class Perm {
    public static final int PRIORITY = 8;
    public static final int READ = 4;
    public static final int WRITE = 2;
    public static final int INHERIT = 1;

    private Perm() {
    }
}
