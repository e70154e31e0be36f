package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

import java.util.function.Consumer;

/**
 * Room reserved for one oneway request on a connection ({@link NettyRemotingClient#reserveOneway}); see
 * {@link RequestSlot}. The endpoint's oneway permit is returned when the request has been written or has failed.
 */
public final class OnewaySlot extends RequestSlot {
    OnewaySlot(Channel channel, Permits permits, Consumer<RemotingCommand> preparer) {
        super(channel, permits, preparer);
    }

    /** Queues {@code command} and starts writing it at once. */
    public void write(DeferredCommand command) {
        if (queue(command)) {
            startDrain();
        }
    }

    @Override
    void built(RemotingCommand request) {
        request.markOneway();
    }

    @Override
    void written(Throwable failure) {
        permits.release();
    }
}
