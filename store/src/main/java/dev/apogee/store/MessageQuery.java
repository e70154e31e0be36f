package dev.apogee.store;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import dev.apogee.store.commitlog.CommitLog;
import dev.apogee.store.index.IndexFile;
import dev.apogee.store.index.IndexService;
import dev.apogee.store.record.MessageProperty;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;

/**
 * Query by key over the index, re-checking each hit against the stored record (hash collisions, second-precision
 * times, entries past a truncated end). Stateless; runs on the caller's thread.
 */
final class MessageQuery {
    private final CommitLog commitLog;
    private final IndexService index;

    MessageQuery(CommitLog commitLog, IndexService index) {
        this.commitLog = commitLog;
        this.index = index;
    }

    QueryResult query(String topic, String key, int maxNum, long begin, long end) {
        List<ByteBuffer> messages = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        if (index == null || maxNum <= 0) {
            return new QueryResult(messages, offsets, 0, 0);
        }
        MessageRecordFlyweight rec = new MessageRecordFlyweight();
        for (long offset : index.query(topic, key, maxNum * 2, begin, end)) {
            if (messages.size() >= maxNum) {
                break;
            }
            ByteBuffer r = commitLog.readRecord(offset);
            if (r == null || offsets.contains(offset)) {
                continue;
            }
            rec.wrap(r, 0);
            long ts = rec.storeTimestamp();
            if (ts < begin || ts > end || !topic.equals(rec.topic()) || !hasKey(rec.properties(), key)) {
                continue;
            }
            messages.add(r);
            offsets.add(offset);
        }
        List<IndexFile> files = index.files();
        IndexFile last = files.isEmpty() ? null : files.get(files.size() - 1);
        return new QueryResult(messages, offsets, last == null ? 0 : last.endTimestamp(),
                last == null ? 0 : last.endPhyOffset());
    }

    private static boolean hasKey(String properties, String key) {
        if (key.equals(PropertiesCodec.get(properties, MessageProperty.UNIQ_KEY))) {
            return true;
        }
        String keys = PropertiesCodec.get(properties, MessageProperty.KEYS);
        if (keys == null) {
            return false;
        }
        for (String k : keys.split(" ")) {
            if (k.equals(key)) {
                return true;
            }
        }
        return false;
    }
}
