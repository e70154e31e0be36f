package dev.apogee.broker.client;

import dev.apogee.remoting.protocol.body.ConsumerData;
import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * Consumer groups and their live connections. When a group's membership changes the listener is told the group
 * and its remaining channels, so that the broker can send NOTIFY_CONSUMER_IDS_CHANGED and clients rebalance at once.
 * Called by heartbeat/unregister processor threads, the housekeeping thread and the channel event thread.
 */
public final class ConsumerRegistry {
    private final Map<String, ConsumerGroupInfo> groups = new ConcurrentHashMap<>();
    private final LongSupplier clock;
    private final BiConsumer<String, ConsumerGroupInfo> membershipChanged;

    public ConsumerRegistry(LongSupplier clock, BiConsumer<String, ConsumerGroupInfo> membershipChanged) {
        this.clock = clock;
        this.membershipChanged = membershipChanged;
    }

    /** Registers or refreshes a consumer's heartbeat. */
    public void register(ClientChannelInfo client, ConsumerData data) {
        ConsumerGroupInfo group = groups.computeIfAbsent(data.getGroupName(), ConsumerGroupInfo::new);
        boolean joined = group.upsertChannel(client, data.getConsumeType(), data.getMessageModel(),
                data.getConsumeFromWhere(), clock.getAsLong());
        boolean subscriptionsChanged = group.updateSubscriptions(data.getSubscriptionDataSet());
        if (joined || subscriptionsChanged) {
            membershipChanged.accept(group.groupName(), group);
        }
    }

    /** Removes one client from a group (UNREGISTER_CLIENT). */
    public void unregister(String groupName, Channel channel) {
        ConsumerGroupInfo group = groups.get(groupName);
        if (group != null && group.removeChannel(channel) != null) {
            dropIfEmpty(group);
            membershipChanged.accept(groupName, group);
        }
    }

    /** Removes a closed or expired connection from every group it was in. */
    public void removeChannel(Channel channel) {
        for (ConsumerGroupInfo group : groups.values()) {
            if (group.removeChannel(channel) != null) {
                dropIfEmpty(group);
                membershipChanged.accept(group.groupName(), group);
            }
        }
    }

    /** Channels whose last heartbeat is older than {@code timeoutMillis}. */
    public List<Channel> expiredChannels(long timeoutMillis) {
        long now = clock.getAsLong();
        List<Channel> expired = new ArrayList<>();
        for (ConsumerGroupInfo group : groups.values()) {
            for (ClientChannelInfo info : group.channels()) {
                if (now - info.lastUpdateMillis() > timeoutMillis) {
                    expired.add(info.channel());
                }
            }
        }
        return expired;
    }

    public ConsumerGroupInfo group(String groupName) {
        return groups.get(groupName);
    }

    public Map<String, ConsumerGroupInfo> groups() {
        return groups;
    }

    private void dropIfEmpty(ConsumerGroupInfo group) {
        if (group.isEmpty()) {
            groups.remove(group.groupName(), group);
        }
    }
}
