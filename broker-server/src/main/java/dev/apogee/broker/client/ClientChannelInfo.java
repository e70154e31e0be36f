package dev.apogee.broker.client;

import dev.apogee.remoting.netty.RemotingAddress;
import dev.apogee.remoting.protocol.LanguageCode;
import io.netty.channel.Channel;

/** One client connection of a group: who it is and when it last heart-beat (refreshed by heartbeat threads). */
public final class ClientChannelInfo {
    private final Channel channel;
    private final String clientId;
    private final LanguageCode language;
    private final int version;
    private volatile long lastUpdateMillis;

    public ClientChannelInfo(Channel channel, String clientId, LanguageCode language, int version, long now) {
        this.channel = channel;
        this.clientId = clientId;
        this.language = language;
        this.version = version;
        this.lastUpdateMillis = now;
    }

    public Channel channel() {
        return channel;
    }

    public String clientId() {
        return clientId;
    }

    public LanguageCode language() {
        return language;
    }

    public int version() {
        return version;
    }

    public String clientAddress() {
        return RemotingAddress.of(channel);
    }

    public long lastUpdateMillis() {
        return lastUpdateMillis;
    }

    void touch(long now) {
        lastUpdateMillis = now;
    }
}
