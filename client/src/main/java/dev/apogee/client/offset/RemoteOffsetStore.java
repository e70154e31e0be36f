package dev.apogee.client.offset;

import dev.apogee.client.MQClientException;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Clustering offsets, kept by the broker: QUERY_CONSUMER_OFFSET to read, UPDATE_CONSUMER_OFFSET to commit.
 *
 * <p>An offset this store only read from the broker is not committed back unchanged (only {@link #commit} forces
 * it). A consumer that takes over a queue during a rebalance may read the offset just before the previous owner's
 * last (oneway) commit lands; writing that read value back at the next periodic commit or at shutdown would move the
 * group's offset backwards and redeliver what was already processed. Offsets this consumer moved are committed on
 * every round, as the official client does, so a lost oneway commit is repaired by the next one.
 */
public final class RemoteOffsetStore implements OffsetStore {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteOffsetStore.class);

    private final String group;
    private final OffsetApi api;
    private final MemoryOffsets memory = new MemoryOffsets();
    /** The offset per queue as last read from the broker. */
    private final Map<MessageQueue, Long> readFromBroker = new ConcurrentHashMap<>();

    public RemoteOffsetStore(String group, OffsetApi api) {
        this.group = group;
        this.api = api;
    }

    @Override
    public void load() {
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
    public long readStored(MessageQueue queue) throws MQClientException, InterruptedException {
        long offset = api.queryConsumerOffset(group, queue);
        if (offset >= 0) {
            memory.update(queue, offset, false);
            readFromBroker.put(queue, offset);
        }
        return offset;
    }

    @Override
    public void persistAll(Set<MessageQueue> queues) {
        for (MessageQueue queue : queues) {
            long offset = memory.read(queue);
            if (offset < 0 || isUnmovedSinceRead(queue, offset)) {
                continue;
            }
            try {
                api.updateConsumerOffset(group, queue, offset, true);
            } catch (MQClientException e) {
                LOG.warn("committing offset {} of {} for {} failed: {}", offset, queue, group, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public void persistAllConfirmed(Set<MessageQueue> queues) {
        List<CompletableFuture<Void>> commits = new ArrayList<>(queues.size());
        for (MessageQueue queue : queues) {
            long offset = memory.read(queue);
            if (offset < 0 || isUnmovedSinceRead(queue, offset)) {
                continue;
            }
            // one line per queue at shutdown, as the official client logs its last offset commits
            LOG.info("group {} commits offset {} of {} before shutting down", group, offset, queue);
            commits.add(api.updateConsumerOffsetAsync(group, queue, offset).exceptionally(e -> {
                LOG.warn("committing offset {} of {} for {} failed: {}", offset, queue, group, e.toString());
                return null;
            }));
        }
        // each commit completes within the request timeout, answered or not
        CompletableFuture.allOf(commits.toArray(CompletableFuture[]::new)).join();
    }

    @Override
    public void persist(MessageQueue queue) throws MQClientException, InterruptedException {
        long offset = memory.read(queue);
        if (offset >= 0 && !isUnmovedSinceRead(queue, offset)) {
            api.updateConsumerOffset(group, queue, offset, false);
        }
    }

    @Override
    public void commit(MessageQueue queue) throws MQClientException, InterruptedException {
        long offset = memory.read(queue);
        if (offset >= 0) {
            api.updateConsumerOffset(group, queue, offset, false);
        }
    }

    private boolean isUnmovedSinceRead(MessageQueue queue, long offset) {
        Long known = readFromBroker.get(queue);
        return known != null && known == offset;
    }

    @Override
    public void removeOffset(MessageQueue queue) {
        memory.remove(queue);
        readFromBroker.remove(queue);
    }

    @Override
    public Map<MessageQueue, Long> snapshot() {
        return memory.snapshot();
    }
}
