package dev.apogee.broker;

import java.time.Duration;

import static org.awaitility.Awaitility.await;

/**
 * Waits (bounded) until a broker's consume queues cover everything its commit log holds: a send is answered once the
 * record is stored, and the dispatch thread builds its consume-queue entry a few milliseconds later, so a test that
 * inspects queue offsets right after sending raced it on a loaded machine.
 */
final class DispatchWait {
    private DispatchWait() {
    }

    static void untilDispatched(Broker broker) {
        long stored = broker.store.getMaxPhyOffset();
        await("dispatch up to " + stored).atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5))
                .until(() -> broker.store.getDispatchedPhyOffset() >= stored);
    }
}
