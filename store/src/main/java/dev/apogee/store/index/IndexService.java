package dev.apogee.store.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import dev.apogee.store.dispatch.DispatchRequest;
import dev.apogee.store.record.MessageProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The run of index files (see package doc for threads and recovery). */
public final class IndexService {
    private static final Logger LOG = LoggerFactory.getLogger(IndexService.class);

    private final Path dir;
    private final int slotCount;
    private final int maxEntries;
    private final CopyOnWriteArrayList<IndexFile> files = new CopyOnWriteArrayList<>();

    public IndexService(Path dir, int slotCount, int maxEntries) {
        this.dir = dir;
        this.slotCount = slotCount;
        this.maxEntries = maxEntries;
    }

    public List<IndexFile> files() {
        return files;
    }

    public void load() throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> paths = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().matches("\\d{20}")).sorted().forEach(paths::add);
        }
        for (Path p : paths) {
            IndexFile f = IndexFile.open(p, slotCount, maxEntries);
            if (f == null) {
                LOG.warn("STORE-INDEX-BAD deleted inconsistent index file {}", p);
            } else {
                files.add(f);
            }
        }
    }

    /**
     * Recovery after a crash: deletes files that index messages at or past {@code commitLogEnd}. Returns the
     * commit-log offset from which messages must be re-indexed, or {@code Long.MAX_VALUE} if none.
     */
    public long truncateBeyond(long commitLogEnd) {
        long reindexFrom = Long.MAX_VALUE;
        for (int i = files.size() - 1; i >= 0; i--) {
            IndexFile f = files.get(i);
            if (f.entryCount() > 0 && f.endPhyOffset() < commitLogEnd) {
                break;
            }
            reindexFrom = Math.min(reindexFrom, f.beginPhyOffset());
            LOG.warn("STORE-INDEX-TRUNCATE deleting {} (indexes past commit-log end {})", f.mappedFile().path(),
                    commitLogEnd);
            files.remove(i);
            f.destroy();
        }
        return reindexFrom;
    }

    /** Last indexed physical offset, -1 if nothing is indexed. */
    public long lastIndexedOffset() {
        for (int i = files.size() - 1; i >= 0; i--) {
            IndexFile f = files.get(i);
            if (f.entryCount() > 0) {
                return f.endPhyOffset();
            }
        }
        return -1;
    }

    /** Dispatch thread: indexes the record's UNIQ_KEY and each KEYS token. */
    public void build(DispatchRequest r) throws IOException {
        if (r.uniqKey == null && r.keys == null) {
            return;
        }
        IndexFile last = files.isEmpty() ? null : files.get(files.size() - 1);
        if (last != null && last.entryCount() > 0 && r.physicalOffset <= last.endPhyOffset()) {
            return;
        }
        if (r.uniqKey != null && !r.uniqKey.isEmpty()) {
            put(r.topic + '#' + r.uniqKey, r);
        }
        String keys = r.keys;
        if (keys != null) {
            int start = 0;
            int len = keys.length();
            while (start < len) {
                int end = keys.indexOf(MessageProperty.KEY_SEPARATOR, start);
                if (end < 0) {
                    end = len;
                }
                if (end > start) {
                    put(r.topic + '#' + keys.substring(start, end), r);
                }
                start = end + 1;
            }
        }
    }

    private void put(String key, DispatchRequest r) throws IOException {
        IndexFile f = files.isEmpty() ? null : files.get(files.size() - 1);
        if (f == null || !f.put(key, r.physicalOffset, r.storeTimestamp)) {
            f = IndexFile.create(dir, r.physicalOffset, slotCount, maxEntries);
            files.add(f);
            f.put(key, r.physicalOffset, r.storeTimestamp);
        }
    }

    /** Candidate offsets for {@code topic#key} stored in [begin, end], newest files first. */
    public List<Long> query(String topic, String key, int maxNum, long begin, long end) {
        List<Long> out = new ArrayList<>();
        String k = topic + '#' + key;
        for (int i = files.size() - 1; i >= 0 && out.size() < maxNum; i--) {
            IndexFile f = files.get(i);
            if (f.entryCount() == 0 || f.beginTimestamp() > end || f.endTimestamp() + 999 < begin) {
                continue;
            }
            f.query(k, begin, end, maxNum, out);
        }
        return out;
    }

    public void flush() throws IOException {
        for (IndexFile f : files) {
            f.flush();
        }
    }

    /** Deletes files (never the last) whose messages all lie below {@code commitLogMinOffset}. */
    public int deleteExpired(long commitLogMinOffset) {
        int deleted = 0;
        while (files.size() > 1 && files.get(0).endPhyOffset() < commitLogMinOffset) {
            IndexFile f = files.remove(0);
            f.destroy();
            deleted++;
        }
        return deleted;
    }

    public void close() {
        for (IndexFile f : files) {
            f.close();
        }
    }
}
