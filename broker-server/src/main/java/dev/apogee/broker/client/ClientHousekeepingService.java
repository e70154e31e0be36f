package dev.apogee.broker.client;

import dev.apogee.remoting.netty.ChannelEventListener;
import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.remoting.netty.RemotingAddress;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Drops clients that went away: at once when their connection closes (channel events, on the server's event
 * thread), and every 10 s on its own thread ({@code apogee-broker-client-housekeeping}) for clients silent longer than the
 * expiry (120 s), whose connections it also closes.
 */
public final class ClientHousekeepingService implements ChannelEventListener {
    private static final Logger LOG = LoggerFactory.getLogger(ClientHousekeepingService.class);

    private final ConsumerRegistry consumers;
    private final ProducerRegistry producers;
    private final long expiryMillis;
    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("apogee-broker-client-housekeeping", true));
    private final List<Consumer<Channel>> channelGoneHooks = new CopyOnWriteArrayList<>();

    public ClientHousekeepingService(ConsumerRegistry consumers, ProducerRegistry producers, long expiryMillis) {
        this.consumers = consumers;
        this.producers = producers;
        this.expiryMillis = expiryMillis;
    }

    /** Adds cleanup per departed channel (queue locks, …), run after the registries forgot it. */
    public void addChannelGoneHook(Consumer<Channel> hook) {
        channelGoneHooks.add(hook);
    }

    public void start() {
        thread.scheduleWithFixedDelay(this::scanSafely, 10, 10, TimeUnit.SECONDS);
    }

    public void shutdown() {
        thread.shutdownNow();
    }

    void scan() {
        for (Channel channel : consumers.expiredChannels(expiryMillis)) {
            LOG.info("consumer connection {} expired (no heartbeat for {} ms)", RemotingAddress.of(channel),
                    expiryMillis);
            forget(channel);
            channel.close();
        }
        for (Channel channel : producers.expiredChannels(expiryMillis)) {
            LOG.info("producer connection {} expired", RemotingAddress.of(channel));
            forget(channel);
            channel.close();
        }
    }

    private void scanSafely() {
        try {
            scan();
        } catch (Throwable t) {
            LOG.error("client housekeeping scan failed", t);
        }
    }

    private void forget(Channel channel) {
        consumers.removeChannel(channel);
        producers.removeChannel(channel);
        for (Consumer<Channel> hook : channelGoneHooks) {
            try {
                hook.accept(channel);
            } catch (RuntimeException e) {
                LOG.warn("cleanup for departed connection {} failed", RemotingAddress.of(channel), e);
            }
        }
    }

    @Override
    public void onChannelClose(String remoteAddress, Channel channel) {
        forget(channel);
    }

    @Override
    public void onChannelException(String remoteAddress, Channel channel) {
        forget(channel);
    }

    @Override
    public void onChannelIdle(String remoteAddress, Channel channel) {
        forget(channel);
    }
}
