package dev.apogee.remoting.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The LIKE matcher against a reference dynamic-programming matcher on random patterns (short ones run in one
 * machine word, long ones in several), and its running time on patterns that make backtracking matchers explode.
 */
class LikePatternTest {
    private static final String ALPHABET = "ab_%!\u00e9\uD83D\uDE00";

    @Test
    void agreesWithReferenceOnRandomPatterns() {
        Random random = new Random(42);
        for (int n = 0; n < 20_000; n++) {
            String pattern = random(random, random.nextInt(n % 10 == 0 ? 150 : 12));
            String value = random(random, random.nextInt(n % 10 == 0 ? 200 : 14)).replace("!", "");
            boolean escaped = random.nextBoolean();
            int escape = escaped ? '!' : -1;
            if (escaped && pattern.endsWith("!") && !pattern.endsWith("!!")) {
                pattern += "a";
            }
            LikePattern compiled;
            try {
                compiled = LikePattern.like(pattern, escape);
            } catch (IllegalArgumentException endsWithEscape) {
                continue;
            }
            assertEquals(reference(pattern, escape, value), compiled.matches(value),
                    () -> "pattern [" + "] value [" + "]");
        }
    }

    @Test
    void staysLinearOnPathologicalPatterns() {
        String value = "a".repeat(60_000);
        LikePattern manyPercents = LikePattern.like("%a".repeat(5_000) + "%b", -1);
        LikePattern longLiteral = LikePattern.like("%" + "a".repeat(10_000) + "b%", -1);
        LikePattern contains = LikePattern.literal("a".repeat(30_000) + "b", true, true);
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            assertFalse(manyPercents.matches(value));
            assertFalse(longLiteral.matches(value));
            assertFalse(contains.matches(value));
        });
        assertTrue(LikePattern.like("%a%a%", -1).matches(value));
    }

    @Test
    void selectorWithPathologicalLikeIsFast() {
        Selector selector = Selector.compile("v LIKE '" + "%_".repeat(3_000) + "%x'");
        ValueResolver message = Messages.of("v", "y".repeat(50_000));
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertFalse(selector.matches(message)));
    }

    private static String random(Random random, int length) {
        StringBuilder sb = new StringBuilder();
        int[] cps = ALPHABET.codePoints().toArray();
        for (int i = 0; i < length; i++) {
            sb.appendCodePoint(cps[random.nextInt(cps.length)]);
        }
        return sb.toString();
    }

    /** Classic O(n·m) DP over code points: obviously right, too slow for production. */
    private static boolean reference(String pattern, int escape, String value) {
        int[] p = pattern.codePoints().toArray();
        int[] kinds = new int[p.length];
        int m = 0;
        for (int i = 0; i < p.length; i++) {
            if (p[i] == escape) {
                kinds[m++] = p[++i];
            } else {
                kinds[m++] = p[i] == '_' ? LikePattern.ANY_ONE : p[i] == '%' ? LikePattern.ANY_SEQUENCE : p[i];
            }
        }
        int[] v = value.codePoints().toArray();
        boolean[][] match = new boolean[m + 1][v.length + 1];
        match[0][0] = true;
        for (int i = 1; i <= m; i++) {
            for (int j = 0; j <= v.length; j++) {
                int k = kinds[i - 1];
                if (k == LikePattern.ANY_SEQUENCE) {
                    match[i][j] = match[i - 1][j] || (j > 0 && match[i][j - 1]);
                } else if (j > 0) {
                    match[i][j] = match[i - 1][j - 1] && (k == LikePattern.ANY_ONE || k == v[j - 1]);
                }
            }
        }
        return match[m][v.length];
    }
}
