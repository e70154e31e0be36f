package dev.apogee.broker.pop;

import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;

/**
 * A request (a pop, or a notification asking whether there is something to pop) that found nothing and waits (long
 * polling) for a message of its topic or its deadline.
 */
final class HeldPop {
    final Channel channel;
    final RemotingCommand request;
    final String topic;
    final String group;
    final long deadline;
    /** Called once when released, with whether the deadline passed (answer empty) or it was woken (look again). */
    final BiConsumer<HeldPop, Boolean> resumer;
    private final AtomicBoolean claimed = new AtomicBoolean();

    HeldPop(Channel channel, RemotingCommand request, String topic, String group, long deadline,
            BiConsumer<HeldPop, Boolean> resumer) {
        this.channel = channel;
        this.request = request;
        this.topic = topic;
        this.group = group;
        this.deadline = deadline;
        this.resumer = resumer;
    }

    /** True for exactly one caller: the wake-up, the expiry or the shutdown that releases it. */
    boolean claim() {
        return claimed.compareAndSet(false, true);
    }
}
