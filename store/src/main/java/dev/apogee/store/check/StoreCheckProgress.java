package dev.apogee.store.check;

/** Told how far a check got; called on the checking thread, about once per MiB read and at each phase's end. */
@FunctionalInterface
public interface StoreCheckProgress {
    /** A sink that ignores progress. */
    StoreCheckProgress NONE = (phase, done, total) -> { };

    /**
     * @param phase {@code commitlog} or {@code consumequeue}
     * @param done  bytes of that phase checked so far
     * @param total bytes of that phase
     */
    void progress(String phase, long done, long total);
}
