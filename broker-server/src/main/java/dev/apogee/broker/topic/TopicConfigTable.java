package dev.apogee.broker.topic;

import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.remoting.naming.NameEncoding;
import dev.apogee.remoting.protocol.body.DataVersion;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.body.TopicConfigSerializeWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The broker's topics, persisted in {@code config/topics.json} in the official TopicConfigSerializeWrapper shape.
 * Reads are lock-free from any thread (processors); changes take one lock so that the table, its DataVersion and the
 * file move together, and are then announced to the listener (which registers the new topics with the namesrvs).
 */
public final class TopicConfigTable {
    private static final Logger LOG = LoggerFactory.getLogger(TopicConfigTable.class);

    private final Map<String, TopicConfig> topics = new ConcurrentHashMap<>();
    private final DataVersion dataVersion = new DataVersion();
    private final ReentrantLock changeLock = new ReentrantLock();
    private final ConfigFile file;
    private volatile Consumer<List<TopicConfig>> changeListener = changed -> { };

    public TopicConfigTable(ConfigFile file) {
        this.file = file;
    }

    /** Loads the persisted topics, then adds the system topics that are missing. */
    public void load(SystemTopics systemTopics) throws IOException {
        file.read().ifPresent(json -> {
            TopicConfigSerializeWrapper wrapper = TopicConfigSerializeWrapper.decode(
                    json.getBytes(StandardCharsets.UTF_8));
            topics.putAll(wrapper.getTopicConfigTable());
            if (wrapper.getDataVersion() != null) {
                dataVersion.assignFrom(wrapper.getDataVersion());
            }
        });
        for (TopicConfig system : systemTopics.all()) {
            topics.putIfAbsent(system.getTopicName(), system);
        }
        dataVersion.nextVersion();
        persist();
        LOG.info("loaded {} topic configs from {}", topics.size(), file.path());
    }

    /** Called with the topics created or updated by each change (after they are persisted). */
    public void onChange(Consumer<List<TopicConfig>> listener) {
        this.changeListener = listener;
    }

    public TopicConfig get(String topic) {
        return topics.get(topic);
    }

    public Collection<TopicConfig> all() {
        return topics.values();
    }

    /** Creates or replaces a topic (admin UPDATE_AND_CREATE_TOPIC). */
    public void put(TopicConfig config) {
        change(() -> topics.put(config.getTopicName(), config), List.of(config));
    }

    public boolean delete(String topic) {
        TopicConfig[] removed = new TopicConfig[1];
        change(() -> removed[0] = topics.remove(topic), List.of());
        return removed[0] != null;
    }

    /**
     * Auto-creates {@code topic} on its first send from the template topic, as the official broker does: only when
     * the template exists and has the INHERIT bit; queue count {@code min(requested, template write queues)}; perm =
     * template perm without INHERIT.
     *
     * @return the topic's config, existing or new, or {@code null} when it may not be created
     */
    public TopicConfig createOnSend(String topic, String templateTopic, int requestedQueues, int topicSysFlag) {
        TopicConfig existing = topics.get(topic);
        if (existing != null) {
            return existing;
        }
        TopicConfig template = templateTopic == null ? null : topics.get(templateTopic);
        if (template == null || !PermName.isInherited(template.getPerm())) {
            return null;
        }
        int queues = Math.max(1, Math.min(requestedQueues, template.getWriteQueueNums()));
        TopicConfig created = new TopicConfig(topic, queues, queues, template.getPerm() & ~PermName.PERM_INHERIT);
        created.setTopicSysFlag(topicSysFlag);
        return createIfAbsent(created);
    }

    /** Creates a topic unless it exists (retry and DLQ topics); returns whichever config is in the table. */
    public TopicConfig createIfAbsent(TopicConfig config) {
        TopicConfig existing = topics.get(config.getTopicName());
        if (existing != null) {
            return existing;
        }
        TopicConfig[] winner = new TopicConfig[1];
        changeLock.lock();
        try {
            winner[0] = topics.putIfAbsent(config.getTopicName(), config);
            if (winner[0] != null) {
                return winner[0];
            }
            dataVersion.nextVersion();
            persist();
        } finally {
            changeLock.unlock();
        }
        LOG.info("created topic {} ({} queues, perm {})", NameEncoding.describe(config.getTopicName()),
                config.getWriteQueueNums(), PermName.toString(config.getPerm()));
        changeListener.accept(List.of(config));
        return config;
    }

    private void change(Runnable mutation, List<TopicConfig> changed) {
        changeLock.lock();
        try {
            mutation.run();
            dataVersion.nextVersion();
            persist();
        } finally {
            changeLock.unlock();
        }
        changeListener.accept(changed);
    }

    /** A consistent copy for namesrv registration and GET_ALL_TOPIC_CONFIG. */
    public TopicConfigSerializeWrapper snapshot() {
        changeLock.lock();
        try {
            TopicConfigSerializeWrapper wrapper = new TopicConfigSerializeWrapper();
            wrapper.setTopicConfigTable(new LinkedHashMap<>(topics));
            wrapper.setDataVersion(dataVersion.copy());
            return wrapper;
        } finally {
            changeLock.unlock();
        }
    }

    public DataVersion dataVersion() {
        changeLock.lock();
        try {
            return dataVersion.copy();
        } finally {
            changeLock.unlock();
        }
    }

    public List<String> topicNames() {
        return new ArrayList<>(topics.keySet());
    }

    private void persist() {
        try {
            TopicConfigSerializeWrapper wrapper = new TopicConfigSerializeWrapper();
            wrapper.setTopicConfigTable(new LinkedHashMap<>(topics));
            wrapper.setDataVersion(dataVersion.copy());
            file.write(wrapper.toJson());
        } catch (IOException e) {
            throw new UncheckedIOException("persisting topic configs to " + file.path() + " failed", e);
        }
    }
}
