package dev.apogee.remoting.selector;

/**
 * Java binary numeric promotion over the number types a selector holds: byte, short, int and long operands are
 * computed as long; if either operand is a double both are; otherwise if either is a float both are.
 */
final class Numbers {
    private Numbers() {
    }

    static boolean isIntegral(Number n) {
        return n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
    }

    static boolean compare(ComparisonOperator op, Number a, Number b) {
        if (isIntegral(a) && isIntegral(b)) {
            return op.test(a.longValue(), b.longValue());
        }
        // float widens to double exactly, so comparing as doubles equals Java's float comparison too.
        return op.test(a.doubleValue(), b.doubleValue());
    }

    /** {@code -n} with n's promoted type. */
    static Number negate(Number n) {
        if (n instanceof Double d) {
            return -d;
        }
        if (n instanceof Float f) {
            return -f;
        }
        return -n.longValue();
    }

    /** {@code +n}: the same value, promoted (byte, short and int become long). */
    static Number promote(Number n) {
        return n instanceof Double || n instanceof Float || n instanceof Long ? n : Long.valueOf(n.longValue());
    }
}
