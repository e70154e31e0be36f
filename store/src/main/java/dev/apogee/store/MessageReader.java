package dev.apogee.store;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import dev.apogee.store.commitlog.CommitLog;
import dev.apogee.store.consumequeue.ConsumeQueue;
import dev.apogee.store.consumequeue.ConsumeQueueEntry;
import dev.apogee.store.consumequeue.ConsumeQueueTable;

/**
 * Pull and time look-ups over consume queues and the commit log; stateless, called on pulling threads. Statuses and
 * {@code nextBeginOffset} follow the pull table of protocol doc section 2.5.
 */
final class MessageReader {
    /** Most consume-queue entries one pull scans when a filter rejects entries. */
    static final int MAX_SCAN_ENTRIES = 16_000;

    private final CommitLog commitLog;
    private final ConsumeQueueTable consumeQueues;

    MessageReader(CommitLog commitLog, ConsumeQueueTable consumeQueues) {
        this.commitLog = commitLog;
        this.consumeQueues = consumeQueues;
    }

    GetResult get(String topic, int queueId, long offset, int maxMsgNums, int maxTotalBytes, MessageFilter filter) {
        ConsumeQueue q = consumeQueues.find(topic, queueId);
        if (q == null) {
            return GetResult.empty(GetStatus.NO_MATCHED_LOGIC_QUEUE, 0, 0, 0);
        }
        long min = q.minOffset();
        long max = q.maxOffset();
        if (max == 0) {
            return GetResult.empty(GetStatus.NO_MESSAGE_IN_QUEUE, 0, min, max);
        }
        if (offset < min) {
            return GetResult.empty(GetStatus.OFFSET_TOO_SMALL, min, min, max);
        }
        if (offset == max) {
            return GetResult.empty(GetStatus.OFFSET_OVERFLOW_ONE, offset, min, max);
        }
        if (offset > max) {
            return GetResult.empty(GetStatus.OFFSET_OVERFLOW_BADLY, max, min, max);
        }
        return scan(q, offset, max, min, Math.max(1, maxMsgNums), maxTotalBytes, filter == null ? MessageFilter.ALL : filter);
    }

    private GetResult scan(ConsumeQueue q, long offset, long max, long min, int maxMsgNums, int maxTotalBytes,
                           MessageFilter filter) {
        List<ByteBuffer> found = new ArrayList<>(Math.min(maxMsgNums, 32));
        ConsumeQueueEntry e = new ConsumeQueueEntry();
        long clMin = commitLog.minOffset();
        long end = Math.min(max, offset + Math.max(MAX_SCAN_ENTRIES, maxMsgNums));
        long next = offset;
        int totalBytes = 0;
        boolean removed = false;
        for (long i = offset; i < end && found.size() < maxMsgNums; i++) {
            if (!q.read(i, e)) {
                break;
            }
            if (!e.isValid() || e.physicalOffset() < clMin) {
                removed |= e.isValid();
                next = i + 1;
                continue;
            }
            if (!found.isEmpty() && totalBytes + e.size() > maxTotalBytes) {
                break;
            }
            next = i + 1;
            if (!filter.matchesTagsCode(e.tagsCode())) {
                continue;
            }
            ByteBuffer record = commitLog.readRecord(e.physicalOffset(), e.size());
            if (record == null) {
                removed = true;
                continue;
            }
            if (!filter.matchesProperties(record.duplicate())) {
                continue;
            }
            found.add(record);
            totalBytes += e.size();
        }
        GetStatus status = !found.isEmpty() ? GetStatus.FOUND
                : removed ? GetStatus.MESSAGE_WAS_REMOVING : GetStatus.NO_MATCHED_MESSAGE;
        return new GetResult(status, next, min, max, found, totalBytes);
    }

    long offsetByTime(String topic, int queueId, long timestamp, BoundaryType boundary) {
        ConsumeQueue q = consumeQueues.find(topic, queueId);
        if (q == null) {
            return 0;
        }
        long lo = q.minOffset();
        long hi = q.maxOffset() - 1;
        if (hi < lo) {
            return q.maxOffset();
        }
        ConsumeQueueEntry e = new ConsumeQueueEntry();
        // LOWER: first entry with storeTime >= timestamp (max offset if none);
        // UPPER: last entry with storeTime <= timestamp (min offset if none)
        long result = boundary == BoundaryType.LOWER ? q.maxOffset() : lo;
        while (lo <= hi) {
            long mid = (lo + hi) >>> 1;
            long ts = storeTime(q, mid, e);
            if (ts < 0) {
                lo = mid + 1;
                continue;
            }
            if (boundary == BoundaryType.LOWER) {
                if (ts >= timestamp) {
                    result = mid;
                    hi = mid - 1;
                } else {
                    lo = mid + 1;
                }
            } else if (ts <= timestamp) {
                result = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return result;
    }

    long earliestTime(String topic, int queueId) {
        ConsumeQueue q = consumeQueues.find(topic, queueId);
        if (q == null) {
            return -1;
        }
        ConsumeQueueEntry e = new ConsumeQueueEntry();
        for (long i = q.minOffset(); i < q.maxOffset(); i++) {
            long ts = storeTime(q, i, e);
            if (ts >= 0) {
                return ts;
            }
        }
        return -1;
    }

    private long storeTime(ConsumeQueue q, long index, ConsumeQueueEntry e) {
        if (!q.read(index, e) || !e.isValid()) {
            return -1;
        }
        return commitLog.storeTimestampAt(e.physicalOffset());
    }
}
