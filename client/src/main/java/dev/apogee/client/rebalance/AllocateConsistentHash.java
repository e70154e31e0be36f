package dev.apogee.client.rebalance;

import dev.apogee.remoting.protocol.body.MessageQueue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Consistent hashing of queues onto consumers, as the official strategy: each consumer id placed on an MD5 ring
 * {@code virtualNodes} times (as {@code id-0}, {@code id-1}, …), each queue routed by the hash of the official
 * {@code MessageQueue.toString()} to the next node clockwise. Few queues move when consumers come and go.
 */
public final class AllocateConsistentHash implements AllocateStrategy {
    public static final int DEFAULT_VIRTUAL_NODES = 10;
    private final int virtualNodes;

    public AllocateConsistentHash() {
        this(DEFAULT_VIRTUAL_NODES);
    }

    public AllocateConsistentHash(int virtualNodes) {
        if (virtualNodes < 0) {
            throw new IllegalArgumentException("virtual nodes must not be negative: " + virtualNodes);
        }
        this.virtualNodes = virtualNodes;
    }

    @Override
    public List<MessageQueue> allocate(String group, String currentId, List<MessageQueue> allQueues,
            List<String> consumerIds) {
        List<MessageQueue> result = new ArrayList<>();
        if (!consumerIds.contains(currentId)) {
            return result;
        }
        MessageDigest md5 = md5();
        TreeMap<Long, String> ring = new TreeMap<>();
        for (String id : consumerIds) {
            for (int i = 0; i < virtualNodes; i++) {
                ring.put(hash(md5, id + "-" + i), id);
            }
        }
        if (ring.isEmpty()) {
            return result;
        }
        for (MessageQueue queue : allQueues) {
            long hash = hash(md5, officialToString(queue));
            SortedMap<Long, String> tail = ring.tailMap(hash);
            String owner = tail.isEmpty() ? ring.firstEntry().getValue() : tail.get(tail.firstKey());
            if (currentId.equals(owner)) {
                result.add(queue);
            }
        }
        return result;
    }

    static String officialToString(MessageQueue queue) {
        return "MessageQueue [topic=" + queue.topic() + ", brokerName=" + queue.brokerName() + ", queueId="
                + queue.queueId() + "]";
    }

    private static long hash(MessageDigest md5, String key) {
        md5.reset();
        byte[] digest = md5.digest(key.getBytes(StandardCharsets.UTF_8));
        long hash = 0;
        for (int i = 0; i < 4; i++) {
            hash = (hash << 8) | (digest[i] & 0xFF);
        }
        return hash;
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required of every JVM", e);
        }
    }

    @Override
    public String name() {
        return "CONSISTENT_HASH";
    }
}
