package dev.apogee.store.file;

import java.io.IOException;
import java.nio.file.Path;

/**
 * An fsync (a {@code FileChannel.force} of a store file or a directory) failed. After such a failure the kernel may
 * already have dropped the dirty pages it could not write (Linux marks them clean), so a later fsync that succeeds
 * proves nothing about them: the store treats the first failure as final (fail-stop, the lesson of PostgreSQL's
 * "fsyncgate") and never retries it.
 */
public final class FsyncFailedException extends IOException {
    private final transient Path path;

    public FsyncFailedException(Path path, IOException cause) {
        super("STORE-FSYNC-FAILED fsync of " + path + " failed (" + cause.getMessage()
                + "): data written before it may be lost; the store accepts no more writes until restarted", cause);
        this.path = path;
    }

    /** The file or directory whose fsync failed. */
    public Path path() {
        return path;
    }
}
