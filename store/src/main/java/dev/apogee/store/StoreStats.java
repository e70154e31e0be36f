package dev.apogee.store;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** Counters of a {@link MessageStore}; updated from any thread without locks, read with {@link #snapshot()}. */
public final class StoreStats {
    private final LongAdder putMessages = new LongAdder();
    private final LongAdder putBytes = new LongAdder();
    private final LongAdder getCalls = new LongAdder();
    private final LongAdder getMessages = new LongAdder();
    private final Map<PutStatus, LongAdder> putResults = new EnumMap<>(PutStatus.class);

    StoreStats() {
        for (PutStatus s : PutStatus.values()) {
            putResults.put(s, new LongAdder());
        }
    }

    void recordPut(PutResult r) {
        putResults.get(r.status()).increment();
        if (r.status().isAppended()) {
            putMessages.add(r.msgNum());
            putBytes.add(r.wroteBytes());
        }
    }

    void recordGet(int found) {
        getCalls.increment();
        getMessages.add(found);
    }

    /**
     * A point-in-time copy.
     *
     * @param putMessages   messages appended
     * @param putBytes      bytes appended
     * @param putResults    put calls per status
     * @param getCalls      getMessages calls
     * @param getMessages   messages returned by getMessages
     * @param groupCommitForces fsyncs issued by the group commit service
     * @param dispatchListenerErrors exceptions thrown by dispatch listeners
     */
    public record Snapshot(long putMessages, long putBytes, Map<PutStatus, Long> putResults, long getCalls,
                           long getMessages, long groupCommitForces, long dispatchListenerErrors) {
    }

    Snapshot snapshot(long forces, long flushTimeouts, long listenerErrors) {
        Map<PutStatus, Long> results = new EnumMap<>(PutStatus.class);
        putResults.forEach((k, v) -> results.put(k, v.sum()));
        // appended puts are counted PUT_OK at append; those that later timed out move to FLUSH_DISK_TIMEOUT
        results.merge(PutStatus.FLUSH_DISK_TIMEOUT, flushTimeouts, Long::sum);
        results.merge(PutStatus.PUT_OK, -flushTimeouts, Long::sum);
        return new Snapshot(putMessages.sum(), putBytes.sum(), results, getCalls.sum(), getMessages.sum(), forces,
                listenerErrors);
    }
}
