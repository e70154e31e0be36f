package dev.apogee.store.recovery;

/**
 * What the last recovery at open read and decided, for the log line, the benchmark and the tests that prove the
 * commit-log scan is bounded by the checkpoint rather than by the size of the store.
 *
 * @param crashed        the previous run did not shut down cleanly (abort marker found)
 * @param scanStart      what bounded the commit-log scan
 * @param scanFrom       commit-log offset where the scan started
 * @param end            commit-log offset where the valid log ends
 * @param recordsScanned records read and checked by the scan
 * @param bytesScanned   commit-log bytes the scan read (records, plus the blanks that close files)
 * @param tailZeroed     whether the bytes past the end of the last file were zeroed (only when they can hold
 *                       anything but zeroes, see {@link StoreRecovery})
 * @param reputFrom      commit-log offset from which consume queues and indexes were re-dispatched
 */
public record RecoveryReport(boolean crashed, ScanStart scanStart, long scanFrom, long end, long recordsScanned,
                             long bytesScanned, boolean tailZeroed, long reputFrom) {

    /** What chose {@link #scanFrom()}. */
    public enum ScanStart {
        /** The checkpoint's flushed offset: everything below it was durable when the checkpoint was written. */
        CHECKPOINT,
        /** No usable checkpoint after a clean shutdown: the last three files, like RocketMQ's normal recovery. */
        LAST_FILES,
        /** No usable checkpoint after a crash: the whole log. */
        WHOLE_LOG
    }
}
