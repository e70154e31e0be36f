package dev.apogee.remoting.netty;

import dev.apogee.remoting.exception.RemotingSendRequestException;
import dev.apogee.remoting.exception.RemotingTimeoutException;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseBodyDecoder;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Correlates responses with the requests waiting for them, by opaque. Written by invoking threads (put), the event
 * loop (responses), the timeout scanner thread and the channel-closed handler; a ConcurrentHashMap and the
 * once-only completion of {@link ResponseFuture} make any interleaving safe.
 */
final class ResponseTable {
    private static final Logger LOG = LoggerFactory.getLogger(ResponseTable.class);

    private final Map<Integer, ResponseFuture> pending = new ConcurrentHashMap<>(256);

    void put(ResponseFuture future) {
        pending.put(future.opaque(), future);
    }

    ResponseFuture remove(int opaque) {
        return pending.remove(opaque);
    }

    /** The body decoder of the request waiting for the response {@code opaque} (event loop), or null. */
    ResponseBodyDecoder bodyDecoderOf(int opaque) {
        ResponseFuture future = pending.get(opaque);
        return future == null ? null : future.bodyDecoder();
    }

    int size() {
        return pending.size();
    }

    /** Completes the request that {@code response} answers; a response nobody waits for is logged and dropped. */
    void onResponse(Channel channel, RemotingCommand response) {
        ResponseFuture future = pending.remove(response.opaque());
        if (future == null) {
            LOG.warn("response with opaque {} from {} matches no pending request (timed out?), code {}",
                    response.opaque(), channel.remoteAddress(), response.code());
            return;
        }
        future.complete(response);
    }

    /** Fails every request whose deadline has passed. Called by the endpoint's scanner thread. */
    void scanExpired() {
        long now = System.nanoTime();
        Iterator<ResponseFuture> iterator = pending.values().iterator();
        while (iterator.hasNext()) {
            ResponseFuture future = iterator.next();
            if (future.isExpired(now)) {
                iterator.remove();
                future.fail(new RemotingTimeoutException(
                        RemotingAddress.of(future.channel()), future.timeoutMillis()));
            }
        }
    }

    /** Fails at once every request sent on a connection that closed: its answer can no longer arrive. */
    void failChannel(Channel channel) {
        Iterator<ResponseFuture> iterator = pending.values().iterator();
        while (iterator.hasNext()) {
            ResponseFuture future = iterator.next();
            if (future.channel() == channel) {
                iterator.remove();
                future.fail(new RemotingSendRequestException(RemotingAddress.of(channel),
                        new IllegalStateException("connection closed before the response arrived")));
            }
        }
    }

    /** Fails everything; used at shutdown. */
    void failAll(String reason) {
        Iterator<ResponseFuture> iterator = pending.values().iterator();
        while (iterator.hasNext()) {
            ResponseFuture future = iterator.next();
            iterator.remove();
            future.fail(new RemotingSendRequestException(RemotingAddress.of(future.channel()),
                    new IllegalStateException(reason)));
        }
    }
}
