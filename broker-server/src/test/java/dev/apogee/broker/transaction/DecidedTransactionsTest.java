package dev.apogee.broker.transaction;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the broker remembers of decided transactions, and for how long (the half queue's readers set it). */
class DecidedTransactionsTest {
    private static final long GRACE = 30_000;
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final DecidedTransactions decided = new DecidedTransactions(now::get);

    @Test
    void aTransactionIsDecidedOnce() {
        assertTrue(decided.tryDecide("tx", 4));
        assertFalse(decided.tryDecide("tx", 4), "the producer's second answer");
        assertFalse(decided.tryDecide("tx", 9), "an answer about a re-put copy");
        assertTrue(decided.isDecided("tx"));
    }

    @Test
    void aDecisionIsRememberedUntilBothReadersHaveReadPastItsHalf() {
        decided.tryDecide("tx", 4);
        decided.prune(4, GRACE);
        assertTrue(decided.isDecided("tx"), "a reader has not read the half at 4 yet: it must see it decided");
        decided.prune(5, GRACE);
        assertFalse(decided.isDecided("tx"), "forgotten at once: it was never checked back, so no answer can follow");
        assertEquals(0, decided.size());
    }

    @Test
    void aCheckedBackTransactionIsRememberedPastItsLatestCopyAndForTheGraceAfterTheCheck() {
        decided.tryDecide("tx", 4);
        decided.copied("tx", 7);
        decided.copied("tx", 12);
        now.addAndGet(GRACE);
        decided.prune(12, GRACE);
        assertTrue(decided.isDecided("tx"), "the copy at 12 was not read yet: the check service would ask again");

        now.addAndGet(-GRACE / 2); // a copy checked back half a grace ago
        decided.copied("tx", 20);
        now.addAndGet(GRACE / 4);
        decided.prune(21, GRACE);
        assertTrue(decided.isDecided("tx"), "the producer's answer to the last check may still come");

        now.addAndGet(GRACE);
        decided.prune(21, GRACE);
        assertFalse(decided.isDecided("tx"));
        assertTrue(decided.tryDecide("tx", 30), "forgotten entirely, copies included");
        decided.prune(31, GRACE);
        assertFalse(decided.isDecided("tx"), "no copy of the old checks keeps the new decision");
    }

    @Test
    void pruningKeepsTheDecisionsOfHalvesNotReadYet() {
        for (int i = 0; i < 100; i++) {
            decided.tryDecide("tx-" + i, i);
        }
        decided.prune(50, GRACE);
        assertEquals(50, decided.size());
        assertFalse(decided.isDecided("tx-49"));
        assertTrue(decided.isDecided("tx-50"));
    }
}
