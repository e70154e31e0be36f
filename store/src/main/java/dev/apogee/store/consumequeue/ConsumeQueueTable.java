package dev.apogee.store.consumequeue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * All consume queues, by topic then queue id. Lookup allocates nothing (topic string hash, then an array index);
 * creation is synchronized per topic. Any thread may look up; queues are created by the dispatch thread.
 */
public final class ConsumeQueueTable {
    private static final Logger LOG = LoggerFactory.getLogger(ConsumeQueueTable.class);

    private final Path root;
    private final int entriesPerFile;
    private final ConcurrentHashMap<String, TopicQueues> topics = new ConcurrentHashMap<>();

    /** The queues of one topic, indexed by queue id. */
    private static final class TopicQueues {
        volatile ConsumeQueue[] queues = new ConsumeQueue[0];
    }

    public ConsumeQueueTable(Path root, int entriesPerFile) {
        this.root = root;
        this.entriesPerFile = entriesPerFile;
    }

    /** The queue, or null if it has never been written. */
    public ConsumeQueue find(String topic, int queueId) {
        TopicQueues t = topics.get(topic);
        if (t == null || queueId < 0) {
            return null;
        }
        ConsumeQueue[] qs = t.queues;
        return queueId < qs.length ? qs[queueId] : null;
    }

    public ConsumeQueue findOrCreate(String topic, int queueId) {
        ConsumeQueue q = find(topic, queueId);
        return q != null ? q : create(topic, queueId);
    }

    private ConsumeQueue create(String topic, int queueId) {
        TopicQueues t = topics.computeIfAbsent(topic, k -> new TopicQueues());
        synchronized (t) {
            ConsumeQueue[] qs = t.queues;
            if (queueId < qs.length && qs[queueId] != null) {
                return qs[queueId];
            }
            ConsumeQueue q = new ConsumeQueue(topic, queueId, root.resolve(topic).resolve(Integer.toString(queueId)),
                    entriesPerFile);
            ConsumeQueue[] grown = queueId < qs.length ? qs.clone() : Arrays.copyOf(qs, queueId + 1);
            grown[queueId] = q;
            t.queues = grown;
            return q;
        }
    }

    /** Opens every queue directory found under the root. */
    public void load() throws IOException {
        if (!Files.isDirectory(root)) {
            return;
        }
        List<Path> topicDirs = list(root);
        for (Path topicDir : topicDirs) {
            for (Path queueDir : list(topicDir)) {
                String name = queueDir.getFileName().toString();
                if (!name.matches("\\d+")) {
                    continue;
                }
                ConsumeQueue q = findOrCreate(topicDir.getFileName().toString(), Integer.parseInt(name));
                q.files().load();
            }
        }
        LOG.info("STORE-CQ-LOAD loaded {} topics", topics.size());
    }

    private static List<Path> list(Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(Files::isDirectory).sorted().forEach(out::add);
            }
        }
        return out;
    }

    public void forEach(Consumer<ConsumeQueue> action) {
        for (TopicQueues t : topics.values()) {
            for (ConsumeQueue q : t.queues) {
                if (q != null) {
                    action.accept(q);
                }
            }
        }
    }

    /** Removes and deletes all queues of {@code topic}. */
    public void deleteTopic(String topic) {
        TopicQueues t = topics.remove(topic);
        if (t != null) {
            for (ConsumeQueue q : t.queues) {
                if (q != null) {
                    q.destroy();
                }
            }
        }
        try {
            Files.deleteIfExists(root.resolve(topic));
        } catch (IOException e) {
            LOG.warn("STORE-CQ-DEL cannot delete directory of topic {}", topic, e);
        }
    }

    public void close() {
        forEach(ConsumeQueue::close);
    }
}
