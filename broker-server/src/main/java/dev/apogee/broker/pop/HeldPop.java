package dev.apogee.broker.pop;

import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

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

    /**
     * Answers the request with what {@code answer} computes on {@code executor} (null: it was held again, answered
     * later); SYSTEM_BUSY at once when the executor refuses the task (overload), so a released request is always
     * answered.
     */
    void answerOn(ExecutorService executor, Supplier<RemotingCommand> answer) {
        try {
            executor.execute(() -> RemotingResponder.respond(channel, request, answer.get()));
        } catch (RejectedExecutionException e) {
            RemotingResponder.respond(channel, request, RemotingCommand.createResponse(request,
                    ResponseCode.SYSTEM_BUSY, "[OVERLOAD]system busy, start flow control"));
        }
    }
}
