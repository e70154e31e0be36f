package dev.apogee.remoting.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The connection pool of one remote address: a fixed number of slots, each holding a connection (or its pending
 * connect), used round-robin. Reads are lock-free; (re)connecting a slot locks only that pool.
 */
final class AddressChannels {
    private final String address;
    private final Bootstrap bootstrap;
    private final AtomicReferenceArray<ChannelFuture> slots;
    private final AtomicInteger next = new AtomicInteger();

    AddressChannels(String address, Bootstrap bootstrap, int size) {
        this.address = address;
        this.bootstrap = bootstrap;
        this.slots = new AtomicReferenceArray<>(size);
    }

    /** A connection, or a connect in progress, for the next slot; dead connections are replaced. */
    ChannelFuture acquire() {
        int slot = slots.length() == 1 ? 0 : Math.floorMod(next.getAndIncrement(), slots.length());
        ChannelFuture current = slots.get(slot);
        if (isUsable(current)) {
            return current;
        }
        synchronized (this) {
            current = slots.get(slot);
            if (isUsable(current)) {
                return current;
            }
            ChannelFuture connect = bootstrap.connect(RemotingAddress.parse(address));
            slots.set(slot, connect);
            return connect;
        }
    }

    private static boolean isUsable(ChannelFuture future) {
        if (future == null) {
            return false;
        }
        if (!future.isDone()) {
            return true;
        }
        return future.isSuccess() && future.channel().isActive();
    }

    /**
     * Forgets {@code channel} and closes it. Closing completes later on the event loop, and until then the channel
     * still looks active: without the eviction the next call would be handed the dying connection and fail.
     */
    void evict(Channel channel) {
        for (int i = 0; i < slots.length(); i++) {
            ChannelFuture slot = slots.get(i);
            if (slot != null && slot.channel() == channel) {
                slots.compareAndSet(i, slot, null);
            }
        }
        channel.close();
    }

    /** Closes every connection of this address. */
    synchronized void closeAll() {
        for (int i = 0; i < slots.length(); i++) {
            ChannelFuture slot = slots.getAndSet(i, null);
            if (slot != null) {
                slot.channel().close();
            }
        }
    }
}
