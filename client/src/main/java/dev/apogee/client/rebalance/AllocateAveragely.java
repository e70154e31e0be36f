package dev.apogee.client.rebalance;

import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.ArrayList;
import java.util.List;

/** Consumer i of n takes a contiguous block; the first {@code queues % n} consumers take one extra queue. */
public final class AllocateAveragely implements AllocateStrategy {
    @Override
    public List<MessageQueue> allocate(String group, String currentId, List<MessageQueue> allQueues,
            List<String> consumerIds) {
        int index = consumerIds.indexOf(currentId);
        List<MessageQueue> result = new ArrayList<>();
        if (index < 0 || allQueues.isEmpty()) {
            return result;
        }
        int queues = allQueues.size();
        int consumers = consumerIds.size();
        int mod = queues % consumers;
        int averageSize = queues <= consumers ? 1
                : (mod > 0 && index < mod ? queues / consumers + 1 : queues / consumers);
        int startIndex = (mod > 0 && index < mod) ? index * averageSize : index * averageSize + mod;
        int range = Math.min(averageSize, queues - startIndex);
        for (int i = 0; i < range; i++) {
            result.add(allQueues.get((startIndex + i) % queues));
        }
        return result;
    }

    @Override
    public String name() {
        return "AVG";
    }
}
