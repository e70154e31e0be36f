package dev.apogee.client.rebalance;

import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.List;

/**
 * Decides which queues of a topic one consumer of a group takes. A pure function: every consumer of the group calls
 * it with the same sorted queue list and sorted consumer-id list and must get a disjoint share, so each
 * implementation reproduces the official strategy of the same name exactly (mixed official/Apogee groups never
 * overlap).
 */
public interface AllocateStrategy {
    /**
     * @param allQueues   every readable queue of the topic, sorted
     * @param consumerIds every consumer id of the group, sorted
     * @return the queues for {@code currentId}; empty when it is not in {@code consumerIds}
     */
    List<MessageQueue> allocate(String group, String currentId, List<MessageQueue> allQueues,
            List<String> consumerIds);

    /** The official strategy name, for running-info reports. */
    String name();
}
