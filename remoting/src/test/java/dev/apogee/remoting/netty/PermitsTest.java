package dev.apogee.remoting.netty;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Permits}: the limit holds, a waiter gets the permit released for it, timeouts end the wait. */
class PermitsTest {

    @Test
    void theLimitHoldsAndAReleaseMakesRoom() throws Exception {
        Permits permits = new Permits(2);
        assertTrue(permits.tryAcquire());
        assertTrue(permits.tryAcquire(1, TimeUnit.SECONDS));
        assertFalse(permits.tryAcquire(), "over the limit");
        assertEquals(0, permits.available());
        permits.release();
        assertEquals(1, permits.available(), "a refused attempt leaves nothing taken");
        assertTrue(permits.tryAcquire());
    }

    @Test
    void aWaiterTimesOutWhenNothingIsReleased() throws Exception {
        Permits permits = new Permits(1);
        assertTrue(permits.tryAcquire());
        long start = System.nanoTime();
        assertFalse(permits.tryAcquire(200, TimeUnit.MILLISECONDS));
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(200));
        assertEquals(0, permits.available());
    }

    @Test
    void aWaiterGetsThePermitReleasedWhileItWaits() throws Exception {
        Permits permits = new Permits(1);
        assertTrue(permits.tryAcquire());
        ExecutorService waiter = Executors.newSingleThreadExecutor();
        try {
            CountDownLatch started = new CountDownLatch(1);
            Future<Boolean> acquired = waiter.submit(() -> {
                started.countDown();
                return permits.tryAcquire(30, TimeUnit.SECONDS);
            });
            assertTrue(started.await(10, TimeUnit.SECONDS));
            Thread.sleep(100); // let it wait
            permits.release();
            assertTrue(acquired.get(10, TimeUnit.SECONDS));
            assertEquals(0, permits.available());
        } finally {
            waiter.shutdownNow();
        }
    }

    @Test
    void manyThreadsNeverHoldMoreThanTheLimitAndAllGetThrough() throws Exception {
        int limit = 3;
        int threads = 8;
        int rounds = 20_000;
        Permits permits = new Permits(limit);
        AtomicInteger holding = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                running.add(pool.submit(() -> {
                    for (int i = 0; i < rounds; i++) {
                        if (!permits.tryAcquire(30, TimeUnit.SECONDS)) {
                            throw new AssertionError("a permit never came back");
                        }
                        most.accumulateAndGet(holding.incrementAndGet(), Math::max);
                        holding.decrementAndGet();
                        permits.release();
                    }
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(most.get() <= limit, "held at once: " + most.get());
        assertEquals(limit, permits.available());
    }

    @Test
    void aLimitBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Permits(0));
    }
}
