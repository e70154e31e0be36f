package dev.apogee.broker.pop;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;

/**
 * The POP state at a journal position, so that a start replays only the journal written after it. Layout
 * (big-endian): int32 magic, int64 {@code replayFrom} (journal queue offset), int32 ledger count, per ledger its key
 * (UTF group, UTF topic, int32 queue) and {@link QueueLedger#writeTo} state, then int64 CRC-32 of everything before.
 *
 * <p>Written atomically: a temporary file is written and {@code FileChannel.force}d, renamed over the previous
 * snapshot ({@code ATOMIC_MOVE}), and the directory is forced, so a crash leaves either the old or the new snapshot,
 * never a torn one. A snapshot that fails its CRC is refused (the broker then replays the whole journal it still has).
 * Written by the expiry thread and at shutdown; read once at start.
 */
final class PopSnapshot {
    private static final Logger LOG = LoggerFactory.getLogger(PopSnapshot.class);
    private static final int MAGIC = 0x504F5031; // "POP1"

    private final Path file;

    PopSnapshot(Path file) {
        this.file = file;
    }

    /** The snapshot bytes of {@code ledgers}, every event below {@code replayFrom} being in them. */
    byte[] encode(PopLedgers ledgers, long replayFrom) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(4096);
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(MAGIC);
        out.writeLong(replayFrom);
        ByteArrayOutputStream body = new ByteArrayOutputStream(4096);
        DataOutputStream ledgerOut = new DataOutputStream(body);
        int count = 0;
        for (QueueLedger ledger : ledgers.all()) {
            synchronized (ledger) {
                ledgerOut.writeUTF(ledger.key.group());
                ledgerOut.writeUTF(ledger.key.topic());
                ledgerOut.writeInt(ledger.key.queueId());
                ledger.writeTo(ledgerOut);
            }
            count++;
        }
        out.writeInt(count);
        ledgerOut.flush();
        body.writeTo(out);
        out.flush();
        CRC32 crc = new CRC32();
        crc.update(bytes.toByteArray());
        out.writeLong(crc.getValue());
        out.flush();
        return bytes.toByteArray();
    }

    /** Replaces the snapshot file with {@code state} atomically (see the class comment). */
    void writeFile(byte[] state) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(state);
            while (buffer.hasRemaining()) {
                ch.write(buffer);
            }
            ch.force(true);
        } catch (IOException e) {
            // a full disk (ENOSPC): the previous snapshot stays; the partial one must not keep the space it took
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel dir = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        }
    }

    /** Loads the snapshot into {@code ledgers}; returns its {@code replayFrom}, or 0 when there is none. */
    long load(PopLedgers ledgers) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        byte[] all = Files.readAllBytes(file);
        if (all.length < 20) {
            LOG.error("POP-SNAPSHOT {} is truncated ({} bytes): ignored, the whole journal is replayed", file,
                    all.length);
            return 0;
        }
        CRC32 crc = new CRC32();
        crc.update(all, 0, all.length - 8);
        if (crc.getValue() != ByteBuffer.wrap(all, all.length - 8, 8).getLong()) {
            LOG.error("POP-SNAPSHOT {} fails its CRC: ignored, the whole journal is replayed", file);
            return 0;
        }
        DataInputStream in = new DataInputStream(new BufferedInputStream(
                new java.io.ByteArrayInputStream(all, 0, all.length - 8)));
        if (in.readInt() != MAGIC) {
            throw new IOException("not a POP snapshot: " + file);
        }
        long replayFrom = in.readLong();
        int count = in.readInt();
        for (int i = 0; i < count; i++) {
            QueueLedger ledger = new QueueLedger(new LedgerKey(in.readUTF(), in.readUTF(), in.readInt()));
            ledger.readFrom(in);
            ledgers.put(ledger);
        }
        return replayFrom;
    }
}
