package dev.apogee.remoting.selector;

import java.util.Arrays;

/**
 * A compiled LIKE pattern: {@code _} matches any one character (Unicode code point), {@code %} any sequence, and the
 * escape character makes the next character literal (spec 3.8.1.1).
 *
 * <p>Matching never backtracks: the pattern is a chain of states (state i = first i pattern items matched) run as a
 * bit-parallel NFA (shift-and, with {@code %} states looping on themselves), one pass over the value doing
 * {@code ceil((items + 1) / 64)} word operations per character. Patterns that are a plain literal, a prefix or a
 * suffix use {@link String#equals}, {@link String#startsWith} or {@link String#endsWith}. Immutable.
 */
final class LikePattern {
    static final int ANY_ONE = -1;
    static final int ANY_SEQUENCE = -2;
    private static final int ASCII = 128;

    private enum Shape { EXACT, PREFIX, SUFFIX, GENERAL }

    private final Shape shape;
    private final String literal;
    private final int items;
    private final int words;
    private final long[] anySequence;
    private final long[] anyOne;
    private final long[][] asciiMasks;
    private final int[] otherCodePoints;
    private final long[][] otherMasks;

    /**
     * @param items code points, {@link #ANY_ONE} or {@link #ANY_SEQUENCE}
     */
    LikePattern(int[] items) {
        int[] p = collapseSequences(items);
        this.items = p.length;
        this.words = (p.length + 1 + 63) >>> 6;
        this.shape = shapeOf(p);
        this.literal = literalOf(p, shape);
        this.anySequence = new long[words];
        this.anyOne = new long[words];
        this.asciiMasks = new long[ASCII][];
        int[] others = Arrays.stream(p).filter(c -> c >= ASCII).distinct().sorted().toArray();
        this.otherCodePoints = others;
        this.otherMasks = new long[others.length][];
        for (int i = 0; i < p.length; i++) {
            long bit = 1L << (i & 63);
            if (p[i] == ANY_SEQUENCE) {
                anySequence[i >>> 6] |= bit;
            } else if (p[i] == ANY_ONE) {
                anyOne[i >>> 6] |= bit;
            } else {
                maskSlot(p[i])[i >>> 6] |= bit;
            }
        }
    }

    /**
     * Compiles a LIKE pattern; {@code escape} is a code point or -1 for none.
     *
     * @throws IllegalArgumentException when the pattern ends with the escape character
     */
    static LikePattern like(String pattern, int escape) {
        int[] items = new int[pattern.codePointCount(0, pattern.length())];
        int n = 0;
        for (int i = 0; i < pattern.length(); ) {
            int cp = pattern.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == escape) {
                if (i >= pattern.length()) {
                    throw new IllegalArgumentException("the LIKE pattern ends with its escape character");
                }
                cp = pattern.codePointAt(i);
                i += Character.charCount(cp);
                items[n++] = cp;
            } else {
                items[n++] = cp == '_' ? ANY_ONE : cp == '%' ? ANY_SEQUENCE : cp;
            }
        }
        return new LikePattern(Arrays.copyOf(items, n));
    }

    /** {@code text} with optional {@code %} before and after: CONTAINS, STARTSWITH, ENDSWITH. */
    static LikePattern literal(String text, boolean anyBefore, boolean anyAfter) {
        int[] cps = text.codePoints().toArray();
        int[] items = new int[cps.length + (anyBefore ? 1 : 0) + (anyAfter ? 1 : 0)];
        int n = 0;
        if (anyBefore) {
            items[n++] = ANY_SEQUENCE;
        }
        for (int cp : cps) {
            items[n++] = cp;
        }
        if (anyAfter) {
            items[n] = ANY_SEQUENCE;
        }
        return new LikePattern(items);
    }

    boolean matches(String value) {
        return switch (shape) {
            case EXACT -> value.equals(literal);
            case PREFIX -> value.startsWith(literal);
            case SUFFIX -> value.endsWith(literal);
            case GENERAL -> words == 1 ? matchOneWord(value) : matchManyWords(value);
        };
    }

    private boolean matchOneWord(String value) {
        long pct = anySequence[0];
        long state = 1L;
        state |= (state & pct) << 1;
        for (int i = 0; i < value.length(); ) {
            int cp = value.codePointAt(i);
            i += Character.charCount(cp);
            long[] literalMask = maskFor(cp);
            long accepts = anyOne[0] | (literalMask == null ? 0L : literalMask[0]);
            state = ((state & accepts) << 1) | (state & pct);
            state |= (state & pct) << 1;
            if (state == 0) {
                return false;
            }
        }
        return (state >>> items & 1L) != 0;
    }

    private boolean matchManyWords(String value) {
        long[] state = new long[words];
        long[] next = new long[words];
        state[0] = 1L;
        closeOverSequences(state);
        for (int i = 0; i < value.length(); ) {
            int cp = value.codePointAt(i);
            i += Character.charCount(cp);
            long[] literalMask = maskFor(cp);
            long carry = 0;
            long alive = 0;
            for (int w = 0; w < words; w++) {
                long moved = state[w] & (anyOne[w] | (literalMask == null ? 0L : literalMask[w]));
                next[w] = (moved << 1) | carry | (state[w] & anySequence[w]);
                carry = moved >>> 63;
            }
            closeOverSequences(next);
            for (int w = 0; w < words; w++) {
                alive |= next[w];
            }
            if (alive == 0) {
                return false;
            }
            long[] swap = state;
            state = next;
            next = swap;
        }
        return (state[items >>> 6] >>> (items & 63) & 1L) != 0;
    }

    /** A {@code %} may match nothing: being before it means being after it too. One pass suffices as no two are adjacent. */
    private void closeOverSequences(long[] state) {
        long carry = 0;
        for (int w = 0; w < words; w++) {
            long before = state[w] & anySequence[w];
            state[w] |= (before << 1) | carry;
            carry = before >>> 63;
        }
    }

    private long[] maskFor(int cp) {
        if (cp < ASCII) {
            return asciiMasks[cp];
        }
        int at = Arrays.binarySearch(otherCodePoints, cp);
        return at < 0 ? null : otherMasks[at];
    }

    private long[] maskSlot(int cp) {
        if (cp < ASCII) {
            if (asciiMasks[cp] == null) {
                asciiMasks[cp] = new long[words];
            }
            return asciiMasks[cp];
        }
        int at = Arrays.binarySearch(otherCodePoints, cp);
        if (otherMasks[at] == null) {
            otherMasks[at] = new long[words];
        }
        return otherMasks[at];
    }

    private static int[] collapseSequences(int[] items) {
        int[] out = new int[items.length];
        int n = 0;
        for (int item : items) {
            if (item != ANY_SEQUENCE || n == 0 || out[n - 1] != ANY_SEQUENCE) {
                out[n++] = item;
            }
        }
        return Arrays.copyOf(out, n);
    }

    private static Shape shapeOf(int[] p) {
        int wildcards = 0;
        for (int item : p) {
            if (item == ANY_ONE) {
                return Shape.GENERAL;
            }
            wildcards += item == ANY_SEQUENCE ? 1 : 0;
        }
        if (wildcards == 0) {
            return Shape.EXACT;
        }
        if (wildcards == 1 && p[p.length - 1] == ANY_SEQUENCE) {
            return Shape.PREFIX;
        }
        if (wildcards == 1 && p[0] == ANY_SEQUENCE) {
            return Shape.SUFFIX;
        }
        return Shape.GENERAL;
    }

    private static String literalOf(int[] p, Shape shape) {
        if (shape == Shape.GENERAL) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (int item : p) {
            if (item >= 0) {
                sb.appendCodePoint(item);
            }
        }
        return sb.toString();
    }
}
