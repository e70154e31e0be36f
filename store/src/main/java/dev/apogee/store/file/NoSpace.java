package dev.apogee.store.file;

import java.io.IOException;
import java.util.Locale;

/**
 * Recognizes the I/O failures of a full file system (ENOSPC, EDQUOT). The JDK reports both as a plain
 * {@link IOException} whose message is the C library's text, so this is the one place that knows those texts.
 * Stateless.
 */
public final class NoSpace {
    private NoSpace() {
    }

    /** Whether {@code e} (or one of its causes) says the file system has no space (or quota) left. */
    public static boolean is(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException) {
                String msg = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
                if (msg.contains("no space left") || msg.contains("disk quota exceeded")) {
                    return true;
                }
            }
        }
        return false;
    }
}
