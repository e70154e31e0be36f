package dev.apogee.broker.client;

import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Producer groups and their live connections; used to call producers back (transaction check-backs) and by admin
 * queries. Written by heartbeat, unregister, housekeeping and channel-event threads.
 */
public final class ProducerRegistry {
    private final Map<String, Map<Channel, ClientChannelInfo>> groups = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    public ProducerRegistry(LongSupplier clock) {
        this.clock = clock;
    }

    public void register(String group, ClientChannelInfo client) {
        Map<Channel, ClientChannelInfo> channels = groups.computeIfAbsent(group, g -> new ConcurrentHashMap<>());
        ClientChannelInfo existing = channels.get(client.channel());
        if (existing != null) {
            existing.touch(clock.getAsLong());
        } else {
            channels.put(client.channel(), client);
        }
    }

    public void unregister(String group, Channel channel) {
        Map<Channel, ClientChannelInfo> channels = groups.get(group);
        if (channels != null) {
            channels.remove(channel);
        }
    }

    public void removeChannel(Channel channel) {
        for (Map<Channel, ClientChannelInfo> channels : groups.values()) {
            channels.remove(channel);
        }
    }

    public List<Channel> expiredChannels(long timeoutMillis) {
        long now = clock.getAsLong();
        List<Channel> expired = new ArrayList<>();
        for (Map<Channel, ClientChannelInfo> channels : groups.values()) {
            for (ClientChannelInfo info : channels.values()) {
                if (now - info.lastUpdateMillis() > timeoutMillis) {
                    expired.add(info.channel());
                }
            }
        }
        return expired;
    }

    /** A live connection of the group, or {@code null}: where transaction check-backs go. */
    public Channel anyActiveChannel(String group) {
        Map<Channel, ClientChannelInfo> channels = groups.get(group);
        if (channels == null) {
            return null;
        }
        for (Channel channel : channels.keySet()) {
            if (channel.isActive()) {
                return channel;
            }
        }
        return null;
    }

    /** The producer groups with at least one connection registered (the web console's connections page). */
    public java.util.Set<String> groupNames() {
        java.util.Set<String> names = new java.util.TreeSet<>();
        groups.forEach((group, channels) -> {
            if (!channels.isEmpty()) {
                names.add(group);
            }
        });
        return names;
    }

    public Map<Channel, ClientChannelInfo> channels(String group) {
        Map<Channel, ClientChannelInfo> channels = groups.get(group);
        return channels == null ? Map.of() : channels;
    }
}
