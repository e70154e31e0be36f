package dev.apogee.remoting.protocol.body;

/** Topic permission bits, carried in {@link TopicConfig#getPerm()} and {@link QueueData#getPerm()}. */
public final class PermName {
    /** Template topic: auto-created topics inherit its config (TBW102 has perm 7). */
    public static final int PERM_INHERIT = 1;
    public static final int PERM_WRITE = 2;
    public static final int PERM_READ = 4;
    public static final int PERM_PRIORITY = 8;

    private PermName() {
    }

    public static boolean isReadable(int perm) {
        return (perm & PERM_READ) == PERM_READ;
    }

    public static boolean isWriteable(int perm) {
        return (perm & PERM_WRITE) == PERM_WRITE;
    }

    public static boolean isInherited(int perm) {
        return (perm & PERM_INHERIT) == PERM_INHERIT;
    }

    public static boolean isPriority(int perm) {
        return (perm & PERM_PRIORITY) == PERM_PRIORITY;
    }

    /** {@code "RWX"}-style rendering used by mqadmin: R readable, W writeable, X inherit; '-' otherwise. */
    public static String toString(int perm) {
        return new String(new char[] {
            isReadable(perm) ? 'R' : '-', isWriteable(perm) ? 'W' : '-', isInherited(perm) ? 'X' : '-'});
    }
}
