package dev.apogee.remoting.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.concurrent.TimeUnit;

/**
 * Fires {@link IdleStateEvent#ALL_IDLE_STATE_EVENT} down the pipeline when a connection has neither read nor
 * written anything for the idle time (the endpoint then closes it), and again after each further idle time.
 *
 * <p>Why not Netty's {@code IdleStateHandler}: it sits on the write path and adds a listener to every write's promise
 * to stamp the time of the write, and it takes part in every read-complete event — per message work, and more code
 * inlined into every compiled pipeline method. Here a read is a field increment, writes are counted by the channel's
 * {@link WriteQueue} (through which every write goes), and a check every quarter of the idle time compares the
 * counts with the previous check's: a connection is closed between one and one and a quarter idle times after its
 * last activity.
 *
 * <p>Threads: one instance per channel; all of its state is used on the channel's event loop only (the handler
 * callbacks and the scheduled check run there).
 */
final class IdleWatch extends ChannelInboundHandlerAdapter {
    private final long idleNanos;
    private final long checkNanos;
    private long reads;
    private long activitySeen;
    private long lastActiveNanos;
    private ScheduledFuture<?> check;

    /** @param idleSeconds 0 (or less): never idle, as with {@code IdleStateHandler} */
    IdleWatch(int idleSeconds) {
        this.idleNanos = TimeUnit.SECONDS.toNanos(Math.max(0, idleSeconds));
        this.checkNanos = Math.max(1, idleNanos / 4);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            start(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        start(ctx);
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        stop();
        super.channelInactive(ctx);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        stop();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        reads++;
        ctx.fireChannelRead(msg);
    }

    private void start(ChannelHandlerContext ctx) {
        if (check == null && idleNanos > 0) {
            lastActiveNanos = System.nanoTime();
            check = ctx.executor().schedule(() -> check(ctx), checkNanos, TimeUnit.NANOSECONDS);
        }
    }

    private void stop() {
        if (check != null) {
            check.cancel(false);
        }
        check = null;
    }

    private void check(ChannelHandlerContext ctx) {
        if (check == null || !ctx.channel().isOpen()) {
            return;
        }
        long now = System.nanoTime();
        long activity = reads + WriteQueue.of(ctx.channel()).written();
        if (activity != activitySeen) {
            activitySeen = activity;
            lastActiveNanos = now;
        } else if (now - lastActiveNanos >= idleNanos) {
            lastActiveNanos = now; // the next event only after another idle time, as IdleStateHandler does
            ctx.fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
        }
        if (check != null) {
            check = ctx.executor().schedule(() -> check(ctx), checkNanos, TimeUnit.NANOSECONDS);
        }
    }
}
