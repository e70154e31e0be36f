package dev.apogee.broker.acl;

import java.util.Locale;

/**
 * Permission bits and their rules, as the official {@code org.apache.rocketmq.acl.common.Permission}: DENY 1, ANY 2,
 * PUB 4, SUB 8. An owned DENY refuses everything; a needed ANY is met by PUB or SUB; otherwise the bits must overlap.
 */
final class AclPermission {
    static final byte DENY = 1;
    static final byte ANY = 2;
    static final byte PUB = 4;
    static final byte SUB = 8;

    private AclPermission() {
    }

    /** {@code PUB}, {@code SUB}, {@code PUB|SUB} (either order), {@code DENY}; blank means DENY, as in the official. */
    static byte parse(String text) {
        if (text == null || text.isBlank()) {
            return DENY;
        }
        byte perm = 0;
        for (String part : text.trim().toUpperCase(Locale.ROOT).split("\\|")) {
            switch (part.trim()) {
                case "PUB" -> perm |= PUB;
                case "SUB" -> perm |= SUB;
                case "DENY" -> perm |= DENY;
                case "ANY" -> perm |= PUB | SUB;
                default -> throw new IllegalArgumentException("unknown permission '" + part.trim()
                        + "' (PUB, SUB, PUB|SUB or DENY)");
            }
        }
        return perm;
    }

    static boolean allows(byte needed, byte owned) {
        if ((owned & DENY) != 0) {
            return false;
        }
        if ((needed & ANY) != 0) {
            return (owned & (PUB | SUB)) != 0;
        }
        return (needed & owned) != 0;
    }

    static String name(byte perm) {
        return switch (perm) {
            case PUB -> "PUB";
            case SUB -> "SUB";
            case ANY -> "PUB or SUB";
            case PUB | SUB -> "PUB|SUB";
            default -> "DENY";
        };
    }
}
