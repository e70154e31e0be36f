package dev.apogee.remoting.selector;

/**
 * {@code + - * /} with Java semantics after {@link Numbers} promotion: long arithmetic wraps on overflow, floating
 * point follows IEEE 754 (x / 0.0 is infinite or NaN). Integer division by zero, which Java answers with an
 * exception, is NULL here, so a selector that divides by a zero property is UNKNOWN rather than an error.
 */
enum ArithmeticOperator {
    PLUS("+"), MINUS("-"), TIMES("*"), DIVIDE("/");

    private final String symbol;

    ArithmeticOperator(String symbol) {
        this.symbol = symbol;
    }

    static ArithmeticOperator of(TokenKind kind) {
        return switch (kind) {
            case PLUS -> PLUS;
            case MINUS -> MINUS;
            case TIMES -> TIMES;
            case DIVIDE -> DIVIDE;
            default -> throw new IllegalArgumentException(kind.name());
        };
    }

    /** The result, or null for an integer division by zero. */
    Number apply(Number a, Number b) {
        if (a instanceof Double || b instanceof Double) {
            return apply(a.doubleValue(), b.doubleValue());
        }
        if (a instanceof Float || b instanceof Float) {
            return apply(a.floatValue(), b.floatValue());
        }
        return apply(a.longValue(), b.longValue());
    }

    private Long apply(long a, long b) {
        return switch (this) {
            case PLUS -> a + b;
            case MINUS -> a - b;
            case TIMES -> a * b;
            case DIVIDE -> b == 0 ? null : a / b;
        };
    }

    private Double apply(double a, double b) {
        return switch (this) {
            case PLUS -> a + b;
            case MINUS -> a - b;
            case TIMES -> a * b;
            case DIVIDE -> a / b;
        };
    }

    private Float apply(float a, float b) {
        return switch (this) {
            case PLUS -> a + b;
            case MINUS -> a - b;
            case TIMES -> a * b;
            case DIVIDE -> a / b;
        };
    }

    @Override
    public String toString() {
        return symbol;
    }
}
