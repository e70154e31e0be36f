package dev.apogee.store.check;

import dev.apogee.store.consumequeue.ConsumeQueueEntry;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.RecordValidator;
import dev.apogee.store.record.StoredPropertiesReader;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Phase 2: every entry of every consume queue ({@code consumequeue/<topic>/<queue id>/<byte offset>}) against the
 * commit-log record it points at: a whole record must start there (structure only: phase 1 checked the CRCs) inside
 * the log's end, of the entry's size, of the queue's topic and id, at the entry's queue offset, with the tags code
 * the dispatcher computes from its properties ({@link StoredPropertiesReader#tagsCode}). Holes and entries below the
 * first commit-log file (retention) are counted, not reported; an all-zero entry ends its file's written part.
 * Confined to the checking thread.
 */
final class ConsumeQueueCheck {
    private static final long PROGRESS_STEP = 1 << 20;

    private final Path storeDir;
    private final CommitLogFiles log;
    private final long logEnd;
    private final StoreCheckReport report;
    private final StoreCheckProgress progress;
    private final RecordValidator validator = new RecordValidator();
    private final StoredPropertiesReader properties = new StoredPropertiesReader();
    private final ConsumeQueueEntry entry = new ConsumeQueueEntry();
    private long total;
    private long done;
    private long lastReported;

    ConsumeQueueCheck(Path storeDir, CommitLogFiles log, long logEnd, StoreCheckReport report,
            StoreCheckProgress progress) {
        this.storeDir = storeDir;
        this.log = log;
        this.logEnd = logEnd;
        this.report = report;
        this.progress = progress;
    }

    void run() throws IOException {
        Path root = storeDir.resolve("consumequeue");
        if (!Files.isDirectory(root)) {
            return;
        }
        List<Path> queueDirs = new ArrayList<>();
        for (Path topicDir : list(root)) {
            for (Path queueDir : list(topicDir)) {
                if (Files.isDirectory(queueDir) && isInteger(queueDir.getFileName().toString())) {
                    queueDirs.add(queueDir);
                    for (Path file : list(queueDir)) {
                        total += Files.size(file);
                    }
                }
            }
        }
        for (Path queueDir : queueDirs) {
            report.consumeQueue();
            String topic = queueDir.getParent().getFileName().toString();
            int queueId = Integer.parseInt(queueDir.getFileName().toString());
            byte[] topicUtf8 = topic.getBytes(StandardCharsets.UTF_8);
            for (Path file : list(queueDir)) {
                checkFile(file, topicUtf8, queueId);
            }
        }
        progress.progress("consumequeue", total, total);
    }

    private void checkFile(Path file, byte[] topic, int queueId) throws IOException {
        String name = storeDir.relativize(file).toString();
        long fileFrom;
        try {
            fileFrom = Long.parseLong(file.getFileName().toString());
        } catch (NumberFormatException e) {
            return; // not a queue file (a temporary file of an unfinished creation)
        }
        ByteBuffer buffer;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            buffer = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
        }
        int size = buffer.capacity();
        if (size % ConsumeQueueEntry.ENTRY_SIZE != 0) {
            report.defect(DefectKind.CQ_PARTIAL_FILE, name, size - size % ConsumeQueueEntry.ENTRY_SIZE,
                    "file size " + size + " is not a multiple of the " + ConsumeQueueEntry.ENTRY_SIZE
                            + "-byte entry");
        }
        for (int pos = 0; pos + ConsumeQueueEntry.ENTRY_SIZE <= size; pos += ConsumeQueueEntry.ENTRY_SIZE) {
            entry.read(buffer, pos);
            if (entry.physicalOffset() == 0 && entry.size() == 0 && entry.tagsCode() == 0) {
                break; // the written part of the file ends here
            }
            long queueOffset = (fileFrom + pos) / ConsumeQueueEntry.ENTRY_SIZE;
            checkEntry(name, pos, topic, queueId, queueOffset);
            if (done + pos - lastReported >= PROGRESS_STEP) {
                lastReported = done + pos;
                progress.progress("consumequeue", lastReported, total);
            }
        }
        done += size;
    }

    private void checkEntry(String name, int pos, byte[] topic, int queueId, long queueOffset) {
        if (entry.size() == ConsumeQueueEntry.HOLE_SIZE) {
            report.hole();
            return;
        }
        report.entry();
        long offset = entry.physicalOffset();
        if (offset >= 0 && offset < log.minOffset()) {
            report.expired();
            return;
        }
        if (offset < 0 || entry.size() <= 0 || offset + entry.size() > logEnd) {
            report.defect(DefectKind.CQ_BEYOND_LOG, name, pos, "entry " + queueOffset + " points at log offset "
                    + offset + " (+" + entry.size() + " bytes), past the commit log's end " + logEnd);
            return;
        }
        CommitLogFiles.LogFile f = log.at(offset);
        int at = f == null ? -1 : (int) (offset - f.fromOffset());
        if (f == null || validator.check(f.buffer(), at, f.size(), f.fromOffset(), false)
                != RecordValidator.Outcome.MESSAGE) {
            report.defect(DefectKind.CQ_NO_RECORD, name, pos, "entry " + queueOffset + " points at log offset "
                    + offset + ", where no whole record starts");
            return;
        }
        MessageRecordFlyweight record = validator.record();
        if (record.totalSize() != entry.size()) {
            report.defect(DefectKind.CQ_SIZE_MISMATCH, name, pos, "entry " + queueOffset + " says " + entry.size()
                    + " bytes, the record at log offset " + offset + " has " + record.totalSize());
            return;
        }
        if (record.queueId() != queueId || record.queueOffset() != queueOffset || !record.topicEquals(topic)) {
            report.defect(DefectKind.CQ_POSITION_MISMATCH, name, pos, "entry " + queueOffset + " points at log"
                    + " offset " + offset + ", a record of " + record.topic() + "/" + record.queueId()
                    + " at queue offset " + record.queueOffset());
            return;
        }
        long tagsCode = properties.wrap(record.buffer(), record.base() + record.propertiesLengthOffset() + 2,
                record.propertiesLength()).tagsCode();
        if (tagsCode != entry.tagsCode()) {
            report.defect(DefectKind.CQ_TAGS_CODE_MISMATCH, name, pos, "entry " + queueOffset + " has tags code "
                    + entry.tagsCode() + ", the record at log offset " + offset + " gives " + tagsCode);
        }
    }

    private static boolean isInteger(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9') && s.length() < 10;
    }

    private static List<Path> list(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
