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
 * topics of its consumers (subscribed to {@code *}: the selector travels with each pop). However many consumers of
 * the group share the instance (a JMS connection with 1,000 consumers), there is one member and one heartbeat entry;
 * {@link #join} / {@link #leave} count them. Mutable state (the topic counts) is guarded by this object's monitor;
 * {@link #subscriptions()} is read by the heartbeat thread.
 */
public final class PopGroupMember implements ConsumerMember {
    private static final Object REGISTRY = new Object();

    private final ClientInstance instance;
    private final String group;
    private final Map<String, Integer> topics = new HashMap<>();

    private PopGroupMember(ClientInstance instance, String group) {
        this.instance = instance;
        this.group = group;
    }

    /**
     * The instance's member for {@code group}, created and registered on first use, with {@code topic} counted in.
     *
     * @throws MQClientException if the instance has a consumer of that group that is not a pop consumer
     */
    static PopGroupMember join(ClientInstance instance, String group, String topic) throws MQClientException {
        PopGroupMember member;
        boolean newTopic;
        synchronized (REGISTRY) {
            member = existing(instance, group);
            if (member == null) {
                member = new PopGroupMember(instance, group);
                instance.registerConsumer(member);
            }
            newTopic = member.add(topic);
        }
        instance.routes().track(topic);
        if (newTopic) {
            instance.heartbeat().triggerAll();
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
    void leave(String topic) {
        // under the registry lock, so that a consumer joining meanwhile registers a fresh member afterwards
        synchronized (REGISTRY) {
            if (remove(topic)) {
                instance.unregisterConsumer(group);
            }
        }
    }

    private synchronized boolean add(String topic) {
        return topics.merge(topic, 1, Integer::sum) == 1;
    }

    private synchronized boolean remove(String topic) {
        topics.computeIfPresent(topic, (t, count) -> count == 1 ? null : count - 1);
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
        for (String topic : topics.keySet()) {
            subscriptions.add(SubscriptionData.buildSubscriptionData(topic, SubscriptionData.SUB_ALL));
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
