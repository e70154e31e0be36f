package dev.apogee.remoting.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The public surface: identifiers(), the parse shape, dialect, and sharing a compiled selector across threads. */
class SelectorApiTest {

    @Test
    void identifiersAreThoseRead() {
        Selector selector = Selector.compile(
                "JMSType = 'car' AND (color IN ('red') OR weight * 2 BETWEEN low AND high) AND NOT missing IS NULL");
        assertEquals(Set.of("JMSType", "color", "weight", "low", "high", "missing"), selector.identifiers());
        assertThrows(UnsupportedOperationException.class, () -> selector.identifiers().add("x"));
    }

    @ParameterizedTest(name = "{0} parses as {1}")
    @CsvSource(delimiter = '|', value = {
            "a OR b AND c                | (a OR (b AND c))",
            "NOT a AND b                 | ((NOT a) AND b)",
            "NOT a = 1                   | (NOT (a = 1))",
            "a + b * c > -d              | ((a + (b * c)) > -d)",
            "a - b - c = 0               | (((a - b) - c) = 0)",
            "a = 1 OR a = 2 OR a = 3     | ((a = 1) OR (a = 2) OR (a = 3))",
            "-(1) = - 2                  | (-1 = -2)",
            "x NOT BETWEEN 1 AND 2 OR y  | ((x NOT BETWEEN 1 AND 2) OR y)"})
    void precedenceShapesTheTree(String selector, String parsed) {
        assertEquals(parsed.trim(), Selector.compile(selector.trim()).toParsedString());
    }

    @Test
    void defaultsToJmsDialect() {
        assertEquals(Dialect.JMS, Selector.compile("a = 1").dialect());
        assertFalse(Selector.compile("a = 1").matches(Messages.of("a", "1")));
        assertTrue(Selector.compile("a = 1", Dialect.ROCKETMQ).matches(Messages.of("a", "1")));
    }

    @Test
    void headerIdentifiersAreTheSpecsSix() {
        assertEquals(6, HeaderIdentifiers.ALL.size());
        assertTrue(HeaderIdentifiers.isHeader("JMSDeliveryMode"));
        assertFalse(HeaderIdentifiers.isHeader("JMSDestination"), "not visible to selectors (spec 3.8.1.1)");
    }

    @Test
    void oneCompiledSelectorServesManyThreads() throws Exception {
        Selector selector = Selector.compile("n BETWEEN 10 AND 19 AND s LIKE 'x%' AND n / 2 * 2 = n");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        AtomicInteger matches = new AtomicInteger();
        try {
            Future<?>[] runs = new Future<?>[4];
            for (int t = 0; t < runs.length; t++) {
                runs[t] = pool.submit(() -> {
                    for (int i = 0; i < 10_000; i++) {
                        if (selector.matches(Messages.of("n", (long) (i % 30), "s", "xy"))) {
                            matches.incrementAndGet();
                        }
                    }
                });
            }
            for (Future<?> run : runs) {
                run.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        int evenInTeens = 5;
        assertEquals(4 * evenInTeens * (10_000 / 30), matches.get(), "the last 10 values of n are 0..9");
    }
}
