/**
 * The commit log: every message of every topic, appended in stored-record format to one
 * {@link dev.apogee.store.file.MappedFileQueue}; the only source of truth of the store.
 *
 * <p>Threads: any number of putting threads call {@link dev.apogee.store.commitlog.CommitLog#append}; the append
 * region (choose file, assign queue offset, physical offset and store timestamp, encode, publish the write position)
 * runs under one {@link java.util.concurrent.locks.ReentrantLock} (taken after a brief tryLock spin), so there is a
 * single writer at any time. A lock
 * was chosen over a dedicated writer thread because the encode is a short memory copy and the lock hand-off is
 * cheaper than a queue hop plus a wake-up per message on 2 cores; preparation (UTF-8 encoding, CRC) happens before
 * the lock in the caller. The {@link dev.apogee.store.commitlog.QueueOffsetTable} is only touched under that lock
 * (and by recovery before the store starts). Readers use the published positions of the mapped files.
 *
 * <p>Where the encode goes ({@link dev.apogee.store.commitlog.AppendArea}): into the file's mapping (ASYNC_FLUSH), or,
 * write-through (the SYNC_FLUSH default), to the file by positional {@code FileChannel.write}s, because the fsync a
 * SYNC_FLUSH put waits for is much cheaper after channel writes than after writes through the mapping: by default
 * into the {@link dev.apogee.store.commitlog.StagingRing} ({@link dev.apogee.store.StoreConfig#commitLogStagingBytes()},
 * 4 MiB), which the group-commit thread writes with one write per force round (a put makes no system call under the
 * lock, and readers see its bytes once they are written), or, with a zero-sized ring, into a buffer the putting
 * thread writes itself before publishing the position.
 */
package dev.apogee.store.commitlog;
