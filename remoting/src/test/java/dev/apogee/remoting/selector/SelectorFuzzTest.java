package dev.apogee.remoting.selector;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random and mutated expressions never make the engine fail: compiling throws nothing but
 * {@link SelectorSyntaxException}, and a compiled selector evaluates without throwing against messages holding
 * values of every type (and of types a selector cannot hold). Expressions come from a generator following the
 * grammar, then half of them are mutated character by character (insert, delete, replace, duplicate, splice,
 * truncate), plus some raw random text; both dialects. Seeded, so a failure names a reproducible case.
 */
class SelectorFuzzTest {
    private static final long SEED = 20261130L;
    private static final int TARGET = 60_000;
    /** Thread CPU time, not wall time: the suite must not fail because the build machine is busy. */
    private static final long BUDGET_NANOS = 9_000_000_000L;
    private static final String[] NAMES = {"a", "b", "s", "n", "TAGS", "JMSPriority", "JMSDeliveryMode", "x1", "Andy",
        "contains", "ünï"};
    private static final String[] FRAGMENTS = {"'", "''", "(", ")", " AND ", " OR ", " NOT ", " BETWEEN ", " IN ",
        " LIKE ", " ESCAPE ", " IS ", " NULL", " TRUE", " FALSE", "=", "<>", "<", ">=", "+", "-", "*", "/", ",", "%",
        "_", "0x", "1e", ".", "9223372036854775808", "L", " CONTAINS ", "\uD83D", "\u0000", "\t", "\"", "!", "ı",
        "(((((", ")))))", "NOT NOT NOT ", "1.5e308", "07", "é"};

    private final Random random = new Random(SEED);

    @Test
    void neverThrowsAnythingButSyntaxErrors() {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long start = cpu.getCurrentThreadCpuTime();
        long wallStart = System.nanoTime();
        int runs = 0;
        int compiled = 0;
        String previous = "a = 1";
        while (runs < TARGET && cpu.getCurrentThreadCpuTime() - start < BUDGET_NANOS) {
            String expression = nextExpression(previous);
            Dialect dialect = random.nextBoolean() ? Dialect.JMS : Dialect.ROCKETMQ;
            Selector selector = null;
            try {
                selector = Selector.compile(expression, dialect);
            } catch (SelectorSyntaxException expected) {
                assertTrue(expected.getMessage().startsWith("Invalid selector: "));
            } catch (Throwable t) {
                fail("compile threw " + t + " for [" + expression + "] (run " + runs + ", seed " + SEED + ")", t);
            }
            if (selector != null) {
                compiled++;
                previous = expression.length() < 400 ? expression : "a = 1";
                evaluateAgainstRandomMessages(selector, expression, runs);
            }
            runs++;
        }
        long cpuMillis = (cpu.getCurrentThreadCpuTime() - start) / 1_000_000;
        long wallMillis = (System.nanoTime() - wallStart) / 1_000_000;
        System.out.printf("selector fuzz: %d expressions (%d valid) in %d ms CPU, %d ms wall%n", runs, compiled,
                cpuMillis, wallMillis);
        assertTrue(runs >= 50_000, "only " + runs + " expressions within the time budget");
        assertTrue(compiled >= runs / 10, "the generator should produce valid selectors too: " + compiled);
    }

    private void evaluateAgainstRandomMessages(Selector selector, String expression, int run) {
        for (int m = 0; m < 2; m++) {
            ValueResolver message = identifier -> randomValue();
            try {
                selector.matches(message);
            } catch (Throwable t) {
                fail("evaluation threw " + t + " for [" + expression + "] (run " + run + ", seed " + SEED + ")", t);
            }
        }
    }

    private Object randomValue() {
        return switch (random.nextInt(16)) {
            case 0 -> null;
            case 1 -> "abc";
            case 2 -> String.valueOf(random.nextInt(20) - 5);
            case 3 -> random.nextBoolean() ? "true" : "FALSE";
            case 4 -> (long) random.nextInt(20) - 5;
            case 5 -> random.nextInt(3) == 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
            case 6 -> random.nextInt(20) - 5;
            case 7 -> (short) random.nextInt(10);
            case 8 -> (byte) random.nextInt(10);
            case 9 -> random.nextDouble() * 20 - 5;
            case 10 -> random.nextBoolean() ? Double.NaN : Double.NEGATIVE_INFINITY;
            case 11 -> random.nextFloat();
            case 12 -> random.nextBoolean();
            case 13 -> new Object();
            case 14 -> "1e3";
            default -> "x\uD83D\uDE00%_" + random.nextInt(3);
        };
    }

    private String nextExpression(String previousValid) {
        int kind = random.nextInt(10);
        if (kind < 4) {
            return condition(0);
        }
        if (kind < 9) {
            String base = random.nextBoolean() ? condition(0) : previousValid;
            int mutations = 1 + random.nextInt(3);
            for (int i = 0; i < mutations; i++) {
                base = mutate(base);
            }
            return base;
        }
        return rawText();
    }

    private String condition(int depth) {
        if (depth > 4) {
            return name() + " = " + number();
        }
        return switch (random.nextInt(12)) {
            case 0 -> condition(depth + 1) + " AND " + condition(depth + 1);
            case 1 -> condition(depth + 1) + " OR " + condition(depth + 1);
            case 2 -> "NOT " + condition(depth + 1);
            case 3 -> "(" + condition(depth + 1) + ")";
            case 4 -> arithmetic(depth + 1) + " " + pick("=", "<>", "<", "<=", ">", ">=") + " " + arithmetic(depth + 1);
            case 5 -> arithmetic(depth + 1) + maybeNot() + " BETWEEN " + arithmetic(depth + 1) + " AND "
                    + arithmetic(depth + 1);
            case 6 -> name() + maybeNot() + " IN (" + string() + (random.nextBoolean() ? ", " + string() : "") + ")";
            case 7 -> name() + maybeNot() + " LIKE " + string() + (random.nextBoolean() ? " ESCAPE '!'" : "");
            case 8 -> name() + " IS" + maybeNot() + " NULL";
            case 9 -> name() + maybeNot() + pick(" CONTAINS ", " STARTSWITH ", " ENDSWITH ") + string();
            case 10 -> name() + " = " + string();
            default -> pick("TRUE", "FALSE", "NULL", name());
        };
    }

    private String arithmetic(int depth) {
        if (depth > 4) {
            return random.nextBoolean() ? name() : number();
        }
        return switch (random.nextInt(6)) {
            case 0 -> arithmetic(depth + 1) + " " + pick("+", "-", "*", "/") + " " + arithmetic(depth + 1);
            case 1 -> pick("-", "+") + arithmetic(depth + 1);
            case 2 -> "(" + arithmetic(depth + 1) + ")";
            case 3 -> number();
            default -> name();
        };
    }

    private String mutate(String s) {
        int at = s.isEmpty() ? 0 : random.nextInt(s.length() + 1);
        String fragment = random.nextInt(4) == 0 ? String.valueOf((char) random.nextInt(0x3000))
                : FRAGMENTS[random.nextInt(FRAGMENTS.length)];
        switch (random.nextInt(6)) {
            case 0:
                return s.substring(0, at) + fragment + s.substring(at);
            case 1:
                return at < s.length() ? s.substring(0, at) + s.substring(at + 1) : s;
            case 2:
                return at < s.length() ? s.substring(0, at) + fragment + s.substring(at + 1) : s + fragment;
            case 3:
                int end = at + random.nextInt(Math.max(1, s.length() - at + 1));
                return s.substring(0, end) + s.substring(at, end) + s.substring(end);
            case 4:
                return s.substring(0, at) + condition(3);
            default:
                return s.substring(0, at);
        }
    }

    private String rawText() {
        StringBuilder sb = new StringBuilder();
        int length = random.nextInt(40);
        for (int i = 0; i < length; i++) {
            sb.append(random.nextBoolean() ? (char) (0x20 + random.nextInt(0x60)) : (char) random.nextInt(0x10000));
        }
        return sb.toString();
    }

    private String name() {
        return NAMES[random.nextInt(NAMES.length)];
    }

    private String number() {
        return pick("0", "1", "5", "-3", "2.5", "1e2", "0x1F", "017", "5L", "9223372036854775807",
                "-9223372036854775808", ".5", "3f", "0.0");
    }

    private String string() {
        return pick("'abc'", "'a%'", "'%b_'", "''", "'it''s'", "'!%'", "'x\uD83D\uDE00'", "'5'");
    }

    private String maybeNot() {
        return random.nextInt(3) == 0 ? " NOT" : "";
    }

    private String pick(String... options) {
        return options[random.nextInt(options.length)];
    }
}
