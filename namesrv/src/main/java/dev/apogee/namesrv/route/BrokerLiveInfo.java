package dev.apogee.namesrv.route;

import dev.apogee.remoting.protocol.body.DataVersion;
import io.netty.channel.Channel;

/**
 * When a broker address was last heard from, how long it may stay silent, and what it registered last.
 * Immutable; {@code dataVersion} is a private copy never handed out.
 */
record BrokerLiveInfo(long lastUpdateMillis, long timeoutMillis, DataVersion dataVersion, Channel channel,
                      String haServerAddr) {

    BrokerLiveInfo touchedAt(long nowMillis) {
        return new BrokerLiveInfo(nowMillis, timeoutMillis, dataVersion, channel, haServerAddr);
    }

    boolean expiredAt(long nowMillis) {
        return lastUpdateMillis + timeoutMillis < nowMillis;
    }
}
