package dev.apogee.client.rebalance;

import dev.apogee.client.MQClientException;
import dev.apogee.client.route.RouteTable;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.remoting.protocol.body.MessageModel;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Applies one consumer's share of its group's queues. Clustering: every subscribed topic's readable queues are
 * split among the group's consumer ids (from a broker) with the {@link AllocateStrategy}; broadcasting: all queues.
 * Queues no longer assigned are removed before new ones are added, so a handed-over queue's offset is committed
 * before its new owner asks for it.
 */
public final class Rebalancer {
    private static final Logger LOG = LoggerFactory.getLogger(Rebalancer.class);

    private final String group;
    private final String clientId;
    private final MessageModel model;
    private final AllocateStrategy strategy;
    private final RouteTable routes;
    private final GroupMembers members;
    private final QueueOwner owner;
    private boolean closed;

    public Rebalancer(String group, String clientId, MessageModel model, AllocateStrategy strategy, RouteTable routes,
            GroupMembers members, QueueOwner owner) {
        this.group = group;
        this.clientId = clientId;
        this.model = model;
        this.strategy = strategy;
        this.routes = routes;
        this.members = members;
        this.owner = owner;
    }

    /** @return true when the owned queues changed */
    public synchronized boolean rebalance(Collection<String> topics) throws InterruptedException {
        if (closed) {
            return false;
        }
        boolean changed = false;
        Set<MessageQueue> wanted = new HashSet<>();
        Set<String> settled = new HashSet<>();
        for (String topic : topics) {
            List<MessageQueue> share = share(topic);
            if (share != null) {
                wanted.addAll(share);
                settled.add(topic);
            }
        }
        for (MessageQueue queue : new ArrayList<>(owner.ownedQueues())) {
            boolean unsubscribed = !topics.contains(queue.topic());
            if (unsubscribed || (settled.contains(queue.topic()) && !wanted.contains(queue))) {
                LOG.info("{} {} gives up {}", group, clientId, queue);
                owner.removeQueue(queue);
                changed = true;
            }
        }
        Set<MessageQueue> owned = owner.ownedQueues();
        for (MessageQueue queue : wanted) {
            if (!owned.contains(queue) && owner.addQueue(queue)) {
                LOG.info("{} {} takes {}", group, clientId, queue);
                changed = true;
            }
        }
        return changed;
    }

    /** No rebalance runs after this returns (the consumer is shutting down and releases its queues itself). */
    public synchronized void close() {
        closed = true;
    }

    /** This consumer's queues of {@code topic}, or null when they cannot be determined now. */
    private List<MessageQueue> share(String topic) throws InterruptedException {
        try {
            TopicRouteInfo route = routes.get(topic);
            if (route == null || route.subscribeQueues().isEmpty()) {
                return null;
            }
            List<MessageQueue> all = new ArrayList<>(route.subscribeQueues());
            if (model == MessageModel.BROADCASTING) {
                return all;
            }
            List<String> masters = new ArrayList<>();
            route.brokers().values().forEach(b -> {
                if (b.masterAddr() != null) {
                    masters.add(b.masterAddr());
                }
            });
            if (masters.isEmpty()) {
                return null;
            }
            String broker = masters.get(ThreadLocalRandom.current().nextInt(masters.size()));
            List<String> ids = members.consumerIds(broker, group);
            all.sort(null);
            return strategy.allocate(group, clientId, all, ids);
        } catch (MQClientException e) {
            LOG.warn("rebalance of {} on {} skipped: {}", group, topic, e.getMessage());
            return null;
        }
    }
}
