package dev.apogee.store.check;

import dev.apogee.store.file.MappedFile;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The commit-log files of a stopped store, each mapped read-only and found by the log offset in its name (the
 * 20-digit names {@link MappedFile#fileName} writes; temporary files of an unfinished creation are ignored). A
 * mapping is not a read: pages come in as the check touches them.
 */
final class CommitLogFiles {
    /** One mapped file. */
    record LogFile(long fromOffset, Path path, MappedByteBuffer buffer) {
        int size() {
            return buffer.capacity();
        }
    }

    private final TreeMap<Long, LogFile> files = new TreeMap<>();

    private CommitLogFiles() {
    }

    static CommitLogFiles map(Path dir) throws IOException {
        CommitLogFiles log = new CommitLogFiles();
        List<Path> paths = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> isLogFileName(p.getFileName().toString())).forEach(paths::add);
        }
        for (Path path : paths) {
            long from = Long.parseLong(path.getFileName().toString());
            try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
                log.files.put(from, new LogFile(from, path, channel.map(FileChannel.MapMode.READ_ONLY, 0,
                        channel.size())));
            }
        }
        return log;
    }

    private static boolean isLogFileName(String name) {
        return name.length() == 20 && name.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    List<LogFile> inOrder() {
        return new ArrayList<>(files.values());
    }

    /** The file holding log offset {@code offset}, or null when none does. */
    LogFile at(long offset) {
        Map.Entry<Long, LogFile> e = files.floorEntry(offset);
        return e == null || offset >= e.getKey() + e.getValue().size() ? null : e.getValue();
    }

    long minOffset() {
        return files.isEmpty() ? 0 : files.firstKey();
    }

    long totalBytes() {
        long total = 0;
        for (LogFile f : files.values()) {
            total += f.size();
        }
        return total;
    }
}
