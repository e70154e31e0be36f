package dev.apogee.remoting.selector;

/** {@code = <> < <= > >=} on primitives, with Java's semantics (so NaN compares unequal to everything). */
enum ComparisonOperator {
    EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

    private final String symbol;

    ComparisonOperator(String symbol) {
        this.symbol = symbol;
    }

    static ComparisonOperator of(TokenKind kind) {
        return switch (kind) {
            case EQ -> EQ;
            case NE -> NE;
            case LT -> LT;
            case LE -> LE;
            case GT -> GT;
            case GE -> GE;
            default -> throw new IllegalArgumentException(kind.name());
        };
    }

    /** Only {@code =} and {@code <>} apply to strings and booleans (spec 3.8.1.1). */
    boolean isEquality() {
        return this == EQ || this == NE;
    }

    boolean test(long a, long b) {
        return switch (this) {
            case EQ -> a == b;
            case NE -> a != b;
            case LT -> a < b;
            case LE -> a <= b;
            case GT -> a > b;
            case GE -> a >= b;
        };
    }

    boolean test(double a, double b) {
        return switch (this) {
            case EQ -> a == b;
            case NE -> a != b;
            case LT -> a < b;
            case LE -> a <= b;
            case GT -> a > b;
            case GE -> a >= b;
        };
    }

    @Override
    public String toString() {
        return symbol;
    }
}
