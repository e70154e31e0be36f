package dev.apogee.client.rebalance;

import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.ArrayList;
import java.util.List;

/** Queues dealt round the circle of consumers: consumer i takes queues i, i+n, i+2n, … ("averagely by circle"). */
public final class AllocateRoundRobin implements AllocateStrategy {
    @Override
    public List<MessageQueue> allocate(String group, String currentId, List<MessageQueue> allQueues,
            List<String> consumerIds) {
        int index = consumerIds.indexOf(currentId);
        List<MessageQueue> result = new ArrayList<>();
        if (index < 0) {
            return result;
        }
        for (int i = index; i < allQueues.size(); i += consumerIds.size()) {
            result.add(allQueues.get(i));
        }
        return result;
    }

    @Override
    public String name() {
        return "AVG_BY_CIRCLE";
    }
}
