package dev.apogee.client.rebalance;

import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.ArrayList;
import java.util.List;

/** Always the configured queues, whatever the group looks like (each consumer configured by hand). */
public final class AllocateByConfig implements AllocateStrategy {
    private final List<MessageQueue> queues;

    public AllocateByConfig(List<MessageQueue> queues) {
        this.queues = List.copyOf(queues);
    }

    @Override
    public List<MessageQueue> allocate(String group, String currentId, List<MessageQueue> allQueues,
            List<String> consumerIds) {
        return new ArrayList<>(queues);
    }

    @Override
    public String name() {
        return "CONFIG";
    }
}
