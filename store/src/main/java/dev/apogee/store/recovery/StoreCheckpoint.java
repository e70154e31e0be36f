package dev.apogee.store.recovery;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;

import dev.apogee.store.file.DirectorySync;
import dev.apogee.store.file.FsyncFailedException;

/**
 * The checkpoint file, rewritten atomically.
 *
 * <pre>
 * offset  width  field
 * 0       8      physic msg timestamp   store time of the last flushed commit-log message
 * 8       8      logics msg timestamp   store time of the last dispatched message (consume queues flushed)
 * 16      8      index msg timestamp    store time of the newest indexed message (indexes flushed)
 * 24      8      physic safe offset     commit-log offset known flushed
 * 32      8      logics safe offset     commit-log offset below which consume queues and indexes are flushed
 * 40      4      CRC-32 of bytes [0, 40)
 * </pre>
 */
public final class StoreCheckpoint {
    public static final int PHYSIC_TIMESTAMP_OFFSET = 0;
    public static final int LOGICS_TIMESTAMP_OFFSET = PHYSIC_TIMESTAMP_OFFSET + 8;
    public static final int INDEX_TIMESTAMP_OFFSET = LOGICS_TIMESTAMP_OFFSET + 8;
    public static final int PHYSIC_SAFE_OFFSET_OFFSET = INDEX_TIMESTAMP_OFFSET + 8;
    public static final int LOGICS_SAFE_OFFSET_OFFSET = PHYSIC_SAFE_OFFSET_OFFSET + 8;
    public static final int CRC_OFFSET = LOGICS_SAFE_OFFSET_OFFSET + 8;
    public static final int SIZE = CRC_OFFSET + 4;

    private final Path path;
    private long physicMsgTimestamp;
    private long logicsMsgTimestamp;
    private long indexMsgTimestamp;
    private long physicSafeOffset;
    private long logicsSafeOffset;
    private boolean loaded;

    private StoreCheckpoint(Path path) {
        this.path = path;
    }

    /** Reads the checkpoint; a missing or corrupt file yields an empty one ({@link #isLoaded()} false). */
    public static StoreCheckpoint load(Path path) throws IOException {
        StoreCheckpoint cp = new StoreCheckpoint(path);
        if (Files.exists(path)) {
            byte[] b = Files.readAllBytes(path);
            if (b.length == SIZE) {
                ByteBuffer buf = ByteBuffer.wrap(b);
                CRC32 crc = new CRC32();
                crc.update(b, 0, CRC_OFFSET);
                if ((int) crc.getValue() == buf.getInt(CRC_OFFSET)) {
                    cp.physicMsgTimestamp = buf.getLong(PHYSIC_TIMESTAMP_OFFSET);
                    cp.logicsMsgTimestamp = buf.getLong(LOGICS_TIMESTAMP_OFFSET);
                    cp.indexMsgTimestamp = buf.getLong(INDEX_TIMESTAMP_OFFSET);
                    cp.physicSafeOffset = buf.getLong(PHYSIC_SAFE_OFFSET_OFFSET);
                    cp.logicsSafeOffset = buf.getLong(LOGICS_SAFE_OFFSET_OFFSET);
                    cp.loaded = true;
                }
            }
        }
        return cp;
    }

    public synchronized boolean isLoaded() { return loaded; }
    public synchronized long physicMsgTimestamp() { return physicMsgTimestamp; }
    public synchronized long logicsMsgTimestamp() { return logicsMsgTimestamp; }
    public synchronized long indexMsgTimestamp() { return indexMsgTimestamp; }
    public synchronized long physicSafeOffset() { return physicSafeOffset; }
    public synchronized long logicsSafeOffset() { return logicsSafeOffset; }

    /** Records new values and writes the file: temp file, fsync, atomic rename, fsync of the directory. */
    public synchronized void update(long physicSafe, long logicsSafe, long physicTs, long logicsTs, long indexTs)
            throws IOException {
        physicSafeOffset = physicSafe;
        logicsSafeOffset = logicsSafe;
        physicMsgTimestamp = Math.max(physicMsgTimestamp, physicTs);
        logicsMsgTimestamp = Math.max(logicsMsgTimestamp, logicsTs);
        indexMsgTimestamp = Math.max(indexMsgTimestamp, indexTs);
        ByteBuffer buf = ByteBuffer.allocate(SIZE);
        buf.putLong(PHYSIC_TIMESTAMP_OFFSET, physicMsgTimestamp);
        buf.putLong(LOGICS_TIMESTAMP_OFFSET, logicsMsgTimestamp);
        buf.putLong(INDEX_TIMESTAMP_OFFSET, indexMsgTimestamp);
        buf.putLong(PHYSIC_SAFE_OFFSET_OFFSET, physicSafeOffset);
        buf.putLong(LOGICS_SAFE_OFFSET_OFFSET, logicsSafeOffset);
        CRC32 crc = new CRC32();
        crc.update(buf.array(), 0, CRC_OFFSET);
        buf.putInt(CRC_OFFSET, (int) crc.getValue());
        Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            try {
                ch.force(true);
            } catch (IOException e) {
                throw new FsyncFailedException(tmp, e);
            }
        }
        Files.move(tmp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        // the rename is durable only with its directory: without this fsync a power cut could bring back the old
        // checkpoint (harmless, a longer scan) or, on a new store, no checkpoint at all
        DirectorySync.fsync(path.toAbsolutePath().getParent());
        loaded = true;
    }
}
