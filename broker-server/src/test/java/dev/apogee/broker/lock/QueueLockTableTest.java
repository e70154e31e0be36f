package dev.apogee.broker.lock;

import dev.apogee.remoting.protocol.body.MessageQueue;
import io.netty.channel.Channel;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lock table's rules with an injected clock: grant, renew, refuse, expire, unlock, channel loss. */
class QueueLockTableTest {
    private static final MessageQueue Q0 = new MessageQueue("T", "broker-a", 0);
    private static final MessageQueue Q1 = new MessageQueue("T", "broker-a", 1);

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final QueueLockTable locks = new QueueLockTable(now::get);
    private final Channel a = new EmbeddedChannel();
    private final Channel b = new EmbeddedChannel();

    @Test
    void grantsFreeQueuesAndRefusesQueuesHeldByAnotherLiveClient() {
        assertEquals(Set.of(Q0), locks.tryLock("g", Set.of(Q0), "A", a));
        assertEquals(Set.of(Q1), locks.tryLock("g", Set.of(Q0, Q1), "B", b));
        assertTrue(locks.isLockedBy("g", Q0, "A"));
        assertTrue(locks.isLockedBy("g", Q1, "B"));
        assertEquals(Set.of(Q0), locks.tryLock("other-group", Set.of(Q0), "B", b), "groups are independent");
    }

    @Test
    void renewalKeepsALockAliveAndExpiryFreesIt() {
        locks.tryLock("g", Set.of(Q0), "A", a);
        now.addAndGet(50_000);
        assertEquals(Set.of(Q0), locks.tryLock("g", Set.of(Q0), "A", a), "renew");
        now.addAndGet(50_000);
        assertEquals(Set.of(), locks.tryLock("g", Set.of(Q0), "B", b), "renewed 50 s ago: still A's");
        now.addAndGet(QueueLockTable.LOCK_MAX_LIVE_MILLIS);
        assertFalse(locks.groupHoldsLocks("g"));
        assertEquals(Set.of(Q0), locks.tryLock("g", Set.of(Q0), "B", b), "expired: B takes it");
    }

    @Test
    void unlockReleasesOnlyTheCallersLocks() {
        locks.tryLock("g", Set.of(Q0), "A", a);
        locks.tryLock("g", Set.of(Q1), "B", b);
        locks.unlock("g", Set.of(Q0, Q1), "A");
        assertFalse(locks.isLockedBy("g", Q0, "A"));
        assertTrue(locks.isLockedBy("g", Q1, "B"));
        assertTrue(locks.groupHoldsLocks("g"));
    }

    @Test
    void channelLossReleasesEverythingTakenOverIt() {
        locks.tryLock("g", Set.of(Q0, Q1), "A", a);
        locks.tryLock("h", Set.of(Q0), "A", a);
        locks.releaseChannel(a);
        assertFalse(locks.groupHoldsLocks("g"));
        assertFalse(locks.groupHoldsLocks("h"));
        assertEquals(Set.of(Q0, Q1), locks.tryLock("g", Set.of(Q0, Q1), "B", b));
    }
}
