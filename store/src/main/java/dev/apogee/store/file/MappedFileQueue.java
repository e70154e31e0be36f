package dev.apogee.store.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An ordered run of same-size {@link MappedFile}s in one directory forming one logical log, addressed by a
 * {@code long} offset; file i starts at offset {@code first + i * fileSize}.
 *
 * <p>The file list is copy-on-write: the appender adds at the tail, retention removes at the head, readers find files
 * without locking. {@code flushedWhere}/{@code committedWhere} belong to the flush/commit thread.
 */
public final class MappedFileQueue {
    private static final Logger LOG = LoggerFactory.getLogger(MappedFileQueue.class);

    /** Creates the file starting at a given offset (directly, or via the allocation service). */
    @FunctionalInterface
    public interface FileFactory {
        MappedFile create(long fromOffset) throws IOException;
    }

    private final Path dir;
    private final int fileSize;
    private final FileFactory factory;
    private final CopyOnWriteArrayList<MappedFile> files = new CopyOnWriteArrayList<>();
    private volatile long flushedWhere;
    /** The first fsync failure of this queue, or one reported by {@link #failStop}; once set never cleared. */
    private volatile FsyncFailedException fsyncFailure;
    private volatile long committedWhere;

    public MappedFileQueue(Path dir, int fileSize, FileFactory factory) {
        this.dir = dir;
        this.fileSize = fileSize;
        this.factory = factory;
    }

    /** A queue whose files are created in the calling thread, sparse (consume queues). */
    public static MappedFileQueue direct(Path dir, int fileSize) {
        return new MappedFileQueue(dir, fileSize, from -> MappedFile.create(dir, from, fileSize, MappedFile.Warmup.NONE, null));
    }

    public Path dir() { return dir; }
    public int fileSize() { return fileSize; }
    public List<MappedFile> files() { return files; }
    public boolean isEmpty() { return files.isEmpty(); }
    public long flushedWhere() { return flushedWhere; }
    public long committedWhere() { return committedWhere; }

    public void setFlushedWhere(long v) {
        flushedWhere = v;
    }

    public void setCommittedWhere(long v) {
        committedWhere = v;
    }

    /** Opens every file of the directory, in offset order; files of the wrong size are an error. */
    public void load() throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> paths = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.sorted().forEach(paths::add);
        }
        paths.removeIf(MappedFileQueue::deleteIfTemporary);
        paths.removeIf(p -> !p.getFileName().toString().matches("\\d{20}"));
        for (int i = 0; i < paths.size(); i++) {
            Path p = paths.get(i);
            long size = Files.size(p);
            if (size != fileSize) {
                if (size < fileSize && i == paths.size() - 1) {
                    // a tail file whose creation was cut short holds no data: never handed to an appender
                    LOG.warn("STORE-FILE-SHORT deleting short tail file {} ({} bytes)", p, size);
                    Files.delete(p);
                    continue;
                }
                throw new IOException("STORE-FILE-SIZE " + p + " has " + size + " bytes, expected " + fileSize
                        + " (was the file size configuration changed?)");
            }
            files.add(MappedFile.open(p, fileSize));
        }
    }

    private static boolean deleteIfTemporary(Path p) {
        if (!p.getFileName().toString().endsWith(MappedFile.TMP_SUFFIX)) {
            return false;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            LOG.warn("STORE-FILE-DEL cannot delete {}", p, e);
        }
        return true;
    }

    public MappedFile firstFile() {
        List<MappedFile> snapshot = files;
        return snapshot.isEmpty() ? null : snapshot.get(0);
    }

    public MappedFile lastFile() {
        while (true) {
            try {
                return files.isEmpty() ? null : files.get(files.size() - 1);
            } catch (IndexOutOfBoundsException raced) {
                // a concurrent delete shrank the list between size() and get(); retry
            }
        }
    }

    /**
     * The file to append to: the last one if it has room, else a new one after it (or at {@code startOffset}
     * rounded down to a file boundary when the queue is empty). Appender thread only.
     */
    public MappedFile lastFileForAppend(long startOffset) throws IOException {
        MappedFile last = lastFile();
        long from;
        if (last == null) {
            from = startOffset - startOffset % fileSize;
        } else if (last.isFull()) {
            from = last.fileFromOffset() + fileSize;
        } else {
            return last;
        }
        MappedFile created;
        try {
            created = factory.create(from);
        } catch (FsyncFailedException e) {
            failStop(e); // the new file's directory entry may not survive: nothing may be acknowledged in it
            throw e;
        }
        files.add(created);
        return created;
    }

    /** The file holding {@code offset}, or null when it is outside the files present. */
    public MappedFile findByOffset(long offset) {
        MappedFile first = firstFile();
        if (first == null || offset < first.fileFromOffset()) {
            return null;
        }
        long index = (offset - first.fileFromOffset()) / fileSize;
        try {
            MappedFile f = files.get((int) index);
            return offset < f.fileFromOffset() + fileSize && offset >= f.fileFromOffset() ? f : scan(offset);
        } catch (IndexOutOfBoundsException e) {
            return null;
        }
    }

    private MappedFile scan(long offset) {
        for (MappedFile f : files) {
            if (offset >= f.fileFromOffset() && offset < f.fileFromOffset() + fileSize) {
                return f;
            }
        }
        return null;
    }

    /** Offset of the first byte still present; 0 when empty. */
    public long minOffset() {
        MappedFile first = firstFile();
        return first == null ? 0 : first.fileFromOffset();
    }

    /** Offset just past the last readable byte. */
    public long maxReadableOffset() {
        MappedFile last = lastFile();
        return last == null ? 0 : last.fileFromOffset() + last.readablePosition();
    }

    /** Offset just past the last written byte (may include uncommitted transient-pool bytes). */
    public long maxWrittenOffset() {
        MappedFile last = lastFile();
        return last == null ? 0 : last.fileFromOffset() + last.wrotePosition();
    }

    /**
     * One flush step: fdatasync of the file holding {@code flushedWhere} if it has at least {@code minPages} dirty
     * pages. Returns true when {@code flushedWhere} moved. Flush thread only.
     */
    public boolean flush(int minPages) throws IOException {
        MappedFile f = findByOffset(flushedWhere);
        if (f == null) {
            f = firstFile();
            if (f == null || flushedWhere >= f.fileFromOffset()) {
                return false;
            }
        }
        long before = flushedWhere;
        int pos;
        try {
            pos = f.flush(minPages);
        } catch (FsyncFailedException e) {
            failStop(e);
            throw e;
        }
        long where = f.fileFromOffset() + pos;
        if (where > flushedWhere) {
            flushedWhere = where;
        }
        return flushedWhere != before;
    }

    /**
     * Records an fsync failure (of this queue's files, or of another store file whose loss makes writes unsafe, e.g.
     * a consume queue or the checkpoint): the first one is kept. Any thread.
     */
    public void failStop(FsyncFailedException e) {
        if (fsyncFailure == null) {
            fsyncFailure = e;
        }
    }

    /** The fsync failure that stopped writes, or null while every fsync succeeded. Any thread. */
    public FsyncFailedException fsyncFailure() {
        return fsyncFailure;
    }

    /** Flushes until everything readable now is durable (crossing into later files as needed). */
    public void flushAll() throws IOException {
        long target = maxReadableOffset();
        while (flushedWhere < target && flush(0)) {
            // loop: one step per file
        }
    }

    /** One commit step of the transient pool; returns true when {@code committedWhere} moved. */
    public boolean commit(int minPages) throws IOException {
        MappedFile f = findByOffset(committedWhere);
        if (f == null) {
            return false;
        }
        long before = committedWhere;
        committedWhere = f.fileFromOffset() + f.commit(minPages);
        return committedWhere != before;
    }

    /** Deletes files entirely past {@code offset} and zeroes the tail of the file holding it (recovery). */
    public void truncateTo(long offset) {
        truncateTo(offset, true);
    }

    /**
     * Deletes files entirely past {@code offset} and sets positions; with {@code zeroTail} also zeroes the tail of
     * the file holding it. Without: for a caller that knows the tail holds only zeroes, since zeroing reads every page
     * of it (up to a whole file from the disk).
     */
    public void truncateTo(long offset, boolean zeroTail) {
        List<MappedFile> drop = new ArrayList<>();
        for (MappedFile f : files) {
            long end = f.fileFromOffset() + fileSize;
            if (end <= offset) {
                f.setAllPositions(fileSize);
            } else if (f.fileFromOffset() <= offset) {
                int pos = (int) (offset - f.fileFromOffset());
                f.setAllPositions(pos);
                if (zeroTail) {
                    try {
                        f.zeroFrom(pos);
                    } catch (IOException e) {
                        throw new UncheckedIOException("STORE-TRUNCATE cannot zero the tail of " + f.path(), e);
                    }
                }
            } else {
                drop.add(f);
            }
        }
        for (MappedFile f : drop) {
            LOG.warn("STORE-TRUNCATE deleting {} past offset {}", f.path(), offset);
            files.remove(f);
            f.destroy();
        }
        if (!drop.isEmpty()) {
            try {
                // a deletion a power cut undid would bring back records past the offset this truncation cut
                DirectorySync.fsync(dir);
            } catch (IOException e) {
                throw new UncheckedIOException("STORE-TRUNCATE cannot make the deletions in " + dir + " durable", e);
            }
        }
        flushedWhere = offset;
        committedWhere = offset;
    }

    /**
     * Removes the given head files from the queue and deletes them, then fsyncs the directory so a power cut cannot
     * bring them back (a head file back from the dead would be read again by recovery and retention). A failed
     * directory fsync fail-stops the store like any other ({@link #failStop}).
     */
    public void deleteFiles(List<MappedFile> victims) {
        for (MappedFile f : victims) {
            files.remove(f);
            f.destroy();
        }
        if (victims.isEmpty()) {
            return;
        }
        try {
            DirectorySync.fsync(dir);
        } catch (FsyncFailedException e) {
            LOG.error("STORE-FSYNC-FAILED after deleting files in {}: the store refuses writes until restarted", dir, e);
            failStop(e);
        } catch (IOException e) {
            LOG.warn("STORE-FILE-DEL cannot fsync {} after deleting files: {}", dir, e.toString());
        }
    }

    /** Closes every file (no flush). */
    public void close() {
        for (MappedFile f : files) {
            f.close();
        }
    }

    /** Deletes every file and the directory. */
    public void destroy() {
        for (MappedFile f : files) {
            f.destroy();
        }
        files.clear();
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            LOG.warn("STORE-FILE-DEL cannot delete {}", dir, e);
        }
    }
}
