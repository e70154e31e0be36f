package dev.apogee.remoting.netty;

import io.netty.util.collection.IntObjectHashMap;

import java.util.concurrent.ExecutorService;

/**
 * Request code → (processor, executor). Filled before the endpoint starts and only read afterwards: the start of the
 * endpoint's event loops publishes it safely to them, so reads need no locking.
 */
final class ProcessorTable {
    /** {@code lanes} and {@code laneKey}: both null for an unordered code. */
    record Registration(RequestProcessor processor, ExecutorService executor, LaneGroup lanes, LaneKey laneKey) {
    }

    private final IntObjectHashMap<Registration> byCode = new IntObjectHashMap<>();
    private volatile Registration fallback;

    void register(int requestCode, RequestProcessor processor, ExecutorService executor) {
        byCode.put(requestCode, new Registration(processor, executor, null, null));
    }

    void registerOrdered(int requestCode, RequestProcessor processor, LaneGroup lanes, LaneKey laneKey) {
        byCode.put(requestCode, new Registration(processor, lanes.executor(), lanes, laneKey));
    }

    void registerDefault(RequestProcessor processor, ExecutorService executor) {
        fallback = new Registration(processor, executor, null, null);
    }

    /** @return the registration for the code, the default one, or {@code null} when the code is not supported. */
    Registration lookup(int requestCode) {
        Registration registration = byCode.get(requestCode);
        return registration != null ? registration : fallback;
    }
}
