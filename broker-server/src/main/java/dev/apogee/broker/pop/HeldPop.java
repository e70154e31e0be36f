package dev.apogee.broker.pop;

import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

import java.util.concurrent.atomic.AtomicBoolean;

/** A pop that found nothing and waits (long polling) for a message of its topic or its deadline. */
final class HeldPop {
    final Channel channel;
    final RemotingCommand request;
    final String topic;
    final long deadline;
    private final AtomicBoolean claimed = new AtomicBoolean();

    HeldPop(Channel channel, RemotingCommand request, String topic, long deadline) {
        this.channel = channel;
        this.request = request;
        this.topic = topic;
        this.deadline = deadline;
    }

    /** True for exactly one caller: the wake-up, the expiry or the shutdown that releases it. */
    boolean claim() {
        return claimed.compareAndSet(false, true);
    }
}
