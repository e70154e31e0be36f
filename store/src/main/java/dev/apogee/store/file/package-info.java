/**
 * Fixed-size memory-mapped files and queues of them, shared by the commit log and the consume queues.
 *
 * <p>Threads: a {@link dev.apogee.store.file.MappedFile}'s bytes and {@code wrotePosition} are written by exactly one
 * appender at a time (the commit log's put-lock holder, or the dispatch thread for consume queues); its
 * {@code committedPosition} by the commit service, its {@code flushedPosition} by the flush service that owns the
 * queue. Positions are volatile, written after the bytes they cover, so a reader that reads a position first sees
 * every byte below it. {@link dev.apogee.store.file.AllocateMappedFileService} creates and pre-touches the next
 * commit-log file on its own thread ({@code apogee-store-allocate}).
 *
 * <p>Full disks: files are created sparse, and a write through a mapping into a page without a block is a SIGBUS
 * on a full disk (at once on tmpfs), which no Java code can catch reliably. So every writer through a mapping first
 * calls {@link dev.apogee.store.file.MappedFile#reserve} ({@link dev.apogee.store.file.SpaceReservation}: zeroes
 * written through the channel up to a megabyte ahead, never less than 4 KiB), which turns the full disk into an
 * ENOSPC {@code IOException}
 * ({@link dev.apogee.store.file.NoSpace}) before any byte is written; the allocator skips its zero-fill when the
 * disk lacks room for it, and deletes a fill that failed. The reservation's state belongs to the file's writer.
 *
 * <p>Durability: a new file is fsynced (its size) and so is its directory (its name, {@link
 * dev.apogee.store.file.DirectorySync}) before it is used; a failed fsync is final ({@link
 * dev.apogee.store.file.FsyncFailedException}: the queue keeps it, the store stops accepting writes, nothing retries it).
 *
 * <p>Unmapping: deleted files are not unmapped explicitly; their buffers are dropped and the JVM unmaps them when
 * they become unreachable. That keeps zero-copy slices handed to pulls safe even after retention deletes the file
 * (an explicit {@code invokeCleaner} would turn such a late read into a JVM crash).
 */
package dev.apogee.store.file;
