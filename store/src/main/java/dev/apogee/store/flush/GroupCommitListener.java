package dev.apogee.store.flush;

/**
 * Told what the group commit does (SYNC_FLUSH), for metrics. Called on the thread that forced: the group-commit
 * thread, or a putting thread that forced alone under the force lock. Must be cheap and never throw: it runs on the
 * path every acknowledged put waits for.
 */
public interface GroupCommitListener {
    /** Does nothing. */
    GroupCommitListener NONE = new GroupCommitListener() {
        @Override
        public void forced(long nanos) {
        }

        @Override
        public void acknowledged(int puts, int messages) {
        }
    };

    /** One {@code FileChannel.force} of the commit log that made more of it durable, and how long it took. */
    void forced(long nanos);

    /** A round, a caller's force or an earlier force acknowledged {@code puts} puts of {@code messages} messages. */
    void acknowledged(int puts, int messages);
}
