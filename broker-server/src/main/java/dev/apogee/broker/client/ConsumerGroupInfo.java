package dev.apogee.broker.client;

import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.ConsumeType;
import dev.apogee.remoting.protocol.body.MessageModel;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live members of one consumer group and the subscriptions they declared. Updated by heartbeat and housekeeping
 * threads (concurrent maps, each update independent), read by pull and admin threads.
 */
public final class ConsumerGroupInfo {
    private final String groupName;
    private final Map<Channel, ClientChannelInfo> channels = new ConcurrentHashMap<>();
    private final Map<String, SubscriptionData> subscriptions = new ConcurrentHashMap<>();
    private volatile ConsumeType consumeType;
    private volatile MessageModel messageModel;
    private volatile ConsumeFromWhere consumeFromWhere;

    ConsumerGroupInfo(String groupName) {
        this.groupName = groupName;
    }

    /** @return true when the channel is new to the group (membership changed). */
    boolean upsertChannel(ClientChannelInfo info, ConsumeType type, MessageModel model, ConsumeFromWhere from,
            long now) {
        this.consumeType = type;
        this.messageModel = model;
        this.consumeFromWhere = from;
        ClientChannelInfo existing = channels.get(info.channel());
        if (existing != null && existing.clientId().equals(info.clientId())) {
            existing.touch(now);
            return false;
        }
        channels.put(info.channel(), info);
        return true;
    }

    /** Replaces subscriptions whose version is newer; drops topics no longer declared. @return true if changed. */
    boolean updateSubscriptions(Set<SubscriptionData> declared) {
        boolean changed = false;
        for (SubscriptionData sub : declared) {
            SubscriptionData old = subscriptions.get(sub.getTopic());
            if (old == null || sub.getSubVersion() > old.getSubVersion()) {
                subscriptions.put(sub.getTopic(), sub);
                changed = true;
            }
        }
        List<String> gone = new ArrayList<>();
        for (String topic : subscriptions.keySet()) {
            if (declared.stream().noneMatch(s -> s.getTopic().equals(topic))) {
                gone.add(topic);
            }
        }
        gone.forEach(subscriptions::remove);
        return changed || !gone.isEmpty();
    }

    ClientChannelInfo removeChannel(Channel channel) {
        return channels.remove(channel);
    }

    public String groupName() {
        return groupName;
    }

    public Collection<ClientChannelInfo> channels() {
        return channels.values();
    }

    public List<String> clientIds() {
        List<String> ids = new ArrayList<>();
        for (ClientChannelInfo info : channels.values()) {
            ids.add(info.clientId());
        }
        return ids;
    }

    public SubscriptionData subscription(String topic) {
        return subscriptions.get(topic);
    }

    public Map<String, SubscriptionData> subscriptions() {
        return subscriptions;
    }

    public ConsumeType consumeType() {
        return consumeType;
    }

    public MessageModel messageModel() {
        return messageModel;
    }

    public ConsumeFromWhere consumeFromWhere() {
        return consumeFromWhere;
    }

    boolean isEmpty() {
        return channels.isEmpty();
    }
}
