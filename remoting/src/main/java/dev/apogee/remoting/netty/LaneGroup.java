package dev.apogee.remoting.netty;

import io.netty.channel.Channel;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.LongAdder;

/**
 * Ordered processing on a shared executor: each connection gets {@code lanes} {@link SerialLane}s of this group, and a
 * request registered with the group runs on lane {@code key mod lanes} of its connection (see
 * {@link RemotingEndpoint#registerOrderedProcessor}). So one connection's requests with equal {@link LaneKey}s are
 * processed in arrival order, while other keys, other connections and unordered codes still use the executor's
 * threads in parallel. Codes whose requests must be ordered among each other (e.g. SEND_MESSAGE and
 * SEND_MESSAGE_V2 to one queue) share one group.
 *
 * <p>Bounds: a lane holds at most {@code maxPendingPerLane} requests, beyond that (or when the executor's own queue
 * is full) a request is refused and answered SYSTEM_BUSY, as unordered requests are.
 */
public final class LaneGroup {
    private static final AttributeKey<Map<LaneGroup, SerialLane[]>> LANES = AttributeKey.valueOf("apogee.lanes");

    private final ExecutorService executor;
    private final int lanes;
    private final int maxPendingPerLane;
    /** Requests waiting in all lanes of all connections (see {@link ExecutorLoad#of(LaneGroup)}). */
    private final LongAdder waiting = new LongAdder();

    public LaneGroup(ExecutorService executor, int lanes, int maxPendingPerLane) {
        if (lanes < 1 || maxPendingPerLane < 1) {
            throw new IllegalArgumentException("lanes (" + lanes + ") and maxPendingPerLane (" + maxPendingPerLane
                    + ") must be at least 1");
        }
        this.executor = executor;
        this.lanes = lanes;
        this.maxPendingPerLane = maxPendingPerLane;
    }

    ExecutorService executor() {
        return executor;
    }

    /** Requests offered to the group's lanes and not started yet. */
    int waiting() {
        return (int) Math.max(0, waiting.sum());
    }

    /**
     * The lane of {@code key} on {@code channel}, created on first use. Called only on the channel's event loop,
     * which is the only thread that touches the channel's lane map.
     */
    SerialLane lane(Channel channel, int key) {
        Attribute<Map<LaneGroup, SerialLane[]>> attribute = channel.attr(LANES);
        Map<LaneGroup, SerialLane[]> groups = attribute.get();
        if (groups == null) {
            groups = new HashMap<>(2);
            attribute.set(groups);
        }
        SerialLane[] channelLanes = groups.get(this);
        if (channelLanes == null) {
            channelLanes = new SerialLane[lanes];
            for (int i = 0; i < lanes; i++) {
                channelLanes[i] = new SerialLane(executor, maxPendingPerLane, waiting);
            }
            groups.put(this, channelLanes);
        }
        return channelLanes[Math.floorMod(key, lanes)];
    }
}
