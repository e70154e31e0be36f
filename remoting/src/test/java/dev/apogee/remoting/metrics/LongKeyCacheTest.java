package dev.apogee.remoting.metrics;

import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The meter cache of the RPC latency hook, and the code names it labels with. */
class LongKeyCacheTest {
    @Test
    void aKeyIsComputedOnceAndKeysStayApart() {
        AtomicInteger computed = new AtomicInteger();
        LongKeyCache<Object> cache = new LongKeyCache<>(8, key -> {
            computed.incrementAndGet();
            return new Object();
        });
        long[] keys = {0, 1, (310L << 32), (310L << 32) | 1, -1, Long.MIN_VALUE};
        Object[] first = new Object[keys.length];
        for (int i = 0; i < keys.length; i++) {
            first[i] = cache.get(keys[i]);
        }
        for (int i = 0; i < keys.length; i++) {
            assertSame(first[i], cache.get(keys[i]), "key " + keys[i]);
            for (int j = 0; j < i; j++) {
                assertNotSame(first[i], first[j]);
            }
        }
        assertEquals(keys.length, computed.get());
    }

    @Test
    void aFullCacheStillAnswersByComputing() {
        AtomicInteger computed = new AtomicInteger();
        LongKeyCache<Long> cache = new LongKeyCache<>(2, key -> {
            computed.incrementAndGet();
            return key * 10;
        });
        assertEquals(10L, cache.get(1));
        assertEquals(20L, cache.get(2));
        assertEquals(30L, cache.get(3)); // no slot left: computed every time, still right
        assertEquals(30L, cache.get(3));
        assertEquals(4, computed.get());
        assertEquals(10L, cache.get(1));
        assertEquals(4, computed.get());
    }

    @Test
    void capacityMustBeAPowerOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new LongKeyCache<>(6, key -> key));
    }

    @Test
    void codesAreNamedLikeApacheRocketMq() {
        CodeNames requests = new CodeNames(RequestCode.class);
        CodeNames responses = new CodeNames(ResponseCode.class);
        assertEquals("send_message_v2", requests.of(RequestCode.SEND_MESSAGE_V2));
        assertEquals("pull_message", requests.of(RequestCode.PULL_MESSAGE));
        assertEquals("get_routeinfo_by_topic", requests.of(RequestCode.GET_ROUTEINFO_BY_TOPIC));
        assertEquals("success", responses.of(ResponseCode.SUCCESS));
        assertEquals("system_busy", responses.of(ResponseCode.SYSTEM_BUSY));
        assertEquals("987654", requests.of(987_654));
    }
}
