package dev.apogee.broker.longpolling;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.store.MessageFilter;
import io.netty.channel.Channel;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A pull that found nothing and waits for a message or its deadline. Released exactly once (the dispatcher
 * thread's wake-up and the hold service's timeout race; {@link #claim()} picks the winner).
 */
public final class HeldPull {
    private final Channel channel;
    private final RemotingCommand request;
    private final String topic;
    private final int queueId;
    private final long offset;
    private final long deadlineMillis;
    private final MessageFilter filter;
    private final AtomicBoolean released = new AtomicBoolean();

    public HeldPull(Channel channel, RemotingCommand request, String topic, int queueId, long offset,
            long deadlineMillis, MessageFilter filter) {
        this.channel = channel;
        this.request = request;
        this.topic = topic;
        this.queueId = queueId;
        this.offset = offset;
        this.deadlineMillis = deadlineMillis;
        this.filter = filter;
    }

    boolean claim() {
        return released.compareAndSet(false, true);
    }

    public Channel channel() {
        return channel;
    }

    public RemotingCommand request() {
        return request;
    }

    public String topic() {
        return topic;
    }

    public int queueId() {
        return queueId;
    }

    public long offset() {
        return offset;
    }

    public long deadlineMillis() {
        return deadlineMillis;
    }

    public MessageFilter filter() {
        return filter;
    }
}
