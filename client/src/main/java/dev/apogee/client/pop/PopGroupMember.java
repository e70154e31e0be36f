package dev.apogee.client.pop;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.ConsumerMember;
import dev.apogee.client.MQClientException;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.ConsumeType;
import dev.apogee.remoting.protocol.body.MessageModel;
import dev.apogee.remoting.protocol.body.SubscriptionData;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A pop consumer group as its client instance announces it in heartbeats: {@code CONSUME_POP}, clustering, the
 * topics of its consumers, each with its consumers' selector when they all use the same one (what admin tools and a
 * JMS provider's subscription checks read), else {@code *}; brokers filter by each pop's own selector. However many
 * consumers of the group share the instance (a JMS connection with 1,000 consumers), there is one member and one
 * heartbeat entry; {@link #join} / {@link #leave} count them. The broker hears of a join before {@code join} returns
 * (a heartbeat on the caller's thread), and a leave is never undone by a heartbeat built before it (the unregister
 * holds the heartbeat service's monitor). Mutable state (the selector counts per topic) is guarded by this object's
 * monitor; {@link #subscriptions()} is read by the heartbeat thread.
 */
public final class PopGroupMember implements ConsumerMember {
    private static final Object REGISTRY = new Object();

    private final ClientInstance instance;
    private final String group;
    private final Map<String, Map<Selector, Integer>> topics = new HashMap<>();

    private PopGroupMember(ClientInstance instance, String group) {
        this.instance = instance;
        this.group = group;
    }

    /**
     * The instance's member for {@code group}, created and registered on first use, with {@code topic} and
     * {@code selector} counted in. When that changes what the heartbeat says, the brokers are told before it returns.
     *
     * @throws MQClientException if the instance has a consumer of that group that is not a pop consumer
     */
    static PopGroupMember join(ClientInstance instance, String group, String topic, Selector selector)
            throws MQClientException, InterruptedException {
        PopGroupMember member;
        boolean changed;
        synchronized (REGISTRY) {
            member = existing(instance, group);
            if (member == null) {
                member = new PopGroupMember(instance, group);
                instance.registerConsumer(member);
            }
            changed = member.add(topic, selector);
        }
        instance.routes().track(topic);
        if (changed) {
            instance.heartbeat().sendToAll();
        }
        return member;
    }

    private static PopGroupMember existing(ClientInstance instance, String group) throws MQClientException {
        for (ConsumerMember consumer : instance.consumers()) {
            if (consumer.group().equals(group)) {
                if (consumer instanceof PopGroupMember pop) {
                    return pop;
                }
                throw new MQClientException(MQClientException.ILLEGAL_STATE, "consumer group " + group
                        + " already has a non-pop consumer in client " + instance.clientId());
            }
        }
        return null;
    }

    /** Counts {@code topic} out; the group is unregistered from the brokers when its last consumer leaves. */
    void leave(String topic, Selector selector) {
        // under the registry lock, so that a consumer joining meanwhile registers a fresh member afterwards
        synchronized (REGISTRY) {
            if (remove(topic, selector)) {
                // with the heartbeat service's monitor: no heartbeat built before the detach goes out after it
                synchronized (instance.heartbeat()) {
                    instance.unregisterConsumer(group);
                }
            }
        }
    }

    /** True when the heartbeat changes: a new topic, or a topic's selectors became one or several. */
    private synchronized boolean add(String topic, Selector selector) {
        Map<Selector, Integer> selectors = topics.computeIfAbsent(topic, t -> new HashMap<>());
        int before = selectors.size();
        selectors.merge(selector, 1, Integer::sum);
        return before == 0 || before == 1 && selectors.size() == 2;
    }

    /** True when no consumer is left. */
    private synchronized boolean remove(String topic, Selector selector) {
        Map<Selector, Integer> selectors = topics.get(topic);
        if (selectors != null) {
            selectors.computeIfPresent(selector, (s, count) -> count == 1 ? null : count - 1);
            if (selectors.isEmpty()) {
                topics.remove(topic);
            }
        }
        return topics.isEmpty();
    }

    @Override
    public String group() {
        return group;
    }

    @Override
    public MessageModel messageModel() {
        return MessageModel.CLUSTERING;
    }

    /** What the official broker itself records for a group it sees popping. */
    @Override
    public ConsumeType consumeType() {
        return ConsumeType.CONSUME_POP;
    }

    @Override
    public ConsumeFromWhere consumeFromWhere() {
        return ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET;
    }

    @Override
    public synchronized Set<SubscriptionData> subscriptions() {
        Set<SubscriptionData> subscriptions = new HashSet<>();
        for (Map.Entry<String, Map<Selector, Integer>> e : topics.entrySet()) {
            Selector only = e.getValue().size() == 1 ? e.getValue().keySet().iterator().next() : Selector.ALL;
            subscriptions.add(SubscriptionData.buildSubscriptionData(e.getKey(), only.expression(),
                    only.expressionType(), System.currentTimeMillis()));
        }
        return subscriptions;
    }

    /** The broker assigns nothing to pop consumers: any member pops from any queue. */
    @Override
    public void doRebalance() {
    }

    /** The broker keeps the group's pop state; nothing to persist. */
    @Override
    public void persistOffsets() {
    }
}
