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
 */
package dev.apogee.store.commitlog;
