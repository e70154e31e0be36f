package dev.apogee.client.offset;

import dev.apogee.client.MQClientException;
import dev.apogee.remoting.json.Json;
import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.json.JsonWriter;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Set;

/**
 * Broadcasting offsets, kept in a local file ({@code <dir>/<clientId>/<group>/offsets.json}, the official layout
 * and the official {@code {"offsetTable":{<MessageQueue>:offset}}} shape). Written to a temporary file then moved
 * into place, so a crash leaves either the old or the new table.
 */
public final class LocalOffsetStore implements OffsetStore {
    private static final Logger LOG = LoggerFactory.getLogger(LocalOffsetStore.class);

    private final Path file;
    private final MemoryOffsets memory = new MemoryOffsets();

    public LocalOffsetStore(Path baseDir, String clientId, String group) {
        this.file = baseDir.resolve(clientId.replace(':', '_')).resolve(group).resolve("offsets.json");
    }

    public Path file() {
        return file;
    }

    @Override
    public void load() throws MQClientException {
        if (!Files.exists(file)) {
            return;
        }
        try {
            Object tree = Json.parse(Files.readAllBytes(file));
            Object table = tree instanceof Map<?, ?> root ? root.get("offsetTable") : null;
            if (table instanceof Map<?, ?> offsets) {
                for (Map.Entry<?, ?> entry : offsets.entrySet()) {
                    if (entry.getKey() instanceof Map<?, ?> key && entry.getValue() instanceof Number offset) {
                        MessageQueue queue = new MessageQueue(String.valueOf(key.get("topic")),
                                String.valueOf(key.get("brokerName")), ((Number) key.get("queueId")).intValue());
                        memory.update(queue, offset.longValue(), false);
                    }
                }
            }
        } catch (IOException | JsonException | ClassCastException e) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "cannot read the offset file " + file, e);
        }
    }

    @Override
    public void updateOffset(MessageQueue queue, long offset, boolean increaseOnly) {
        memory.update(queue, offset, increaseOnly);
    }

    @Override
    public long readMemory(MessageQueue queue) {
        return memory.read(queue);
    }

    @Override
    public long readStored(MessageQueue queue) {
        return memory.read(queue);
    }

    @Override
    public synchronized void persistAll(Set<MessageQueue> queues) {
        JsonWriter writer = new JsonWriter();
        writer.beginObject().name("offsetTable").beginObject();
        memory.snapshot().forEach((queue, offset) -> {
            queue.writeAsKey(writer);
            writer.value(offset);
        });
        writer.endObject().endObject();
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling("offsets.json.tmp");
            Files.write(tmp, writer.toUtf8Bytes());
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            LOG.warn("writing the offset file {} failed: {}", file, e.toString());
        }
    }

    @Override
    public void persist(MessageQueue queue) {
        persistAll(Set.of(queue));
    }

    @Override
    public void removeOffset(MessageQueue queue) {
        // broadcasting offsets stay in the file: every client keeps every queue
    }

    @Override
    public Map<MessageQueue, Long> snapshot() {
        return memory.snapshot();
    }
}
