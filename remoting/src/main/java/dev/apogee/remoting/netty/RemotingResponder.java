package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a response for a request, from any thread, through the channel's {@link WriteQueue} (a burst of responses
 * leaves in one flush); the only place responses are written.
 */
public final class RemotingResponder {
    private static final Logger LOG = LoggerFactory.getLogger(RemotingResponder.class);

    private RemotingResponder() {
    }

    /** Answers {@code request} with {@code response} unless the request was oneway or the channel is gone. */
    public static void respond(Channel channel, RemotingCommand request, RemotingCommand response) {
        if (request.isOneway() || response == null) {
            return;
        }
        response.markResponseTo(request);
        if (request.receivedNanos() != 0) {
            RequestObserver observer = channel.attr(RequestObserver.KEY).get();
            if (observer != null) {
                observer.answered(request.code(), response.code(), System.nanoTime() - request.receivedNanos());
            }
        }
        if (!channel.isActive()) {
            LOG.debug("channel {} closed before the response to opaque {} could be written", channel, request.opaque());
            return;
        }
        WriteQueue.of(channel).write(response).addListener(future -> {
            if (!future.isSuccess()) {
                LOG.warn("writing the response to request code {} on {} failed: {}", request.code(), channel,
                        future.cause().toString());
            }
        });
    }
}
