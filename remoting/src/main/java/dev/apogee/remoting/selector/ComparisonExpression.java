package dev.apogee.remoting.selector;

/**
 * {@code a op b} (spec 3.8.1.1): UNKNOWN if either side is NULL; numbers compare after numeric promotion; strings
 * and booleans compare only for {@code =} and {@code <>}; any other pairing is FALSE ("only like type values can be
 * compared"), except that {@link Dialect#ROCKETMQ} first reads a string meeting a number or boolean as one.
 */
final class ComparisonExpression extends Expression {
    private final ComparisonOperator operator;
    private final Expression left;
    private final Expression right;
    private final Dialect dialect;

    ComparisonExpression(ComparisonOperator operator, Expression left, Expression right, Dialect dialect) {
        super(depthOver(left, right));
        this.operator = operator;
        this.left = left;
        this.right = right;
        this.dialect = dialect;
    }

    ComparisonOperator operator() {
        return operator;
    }

    Expression left() {
        return left;
    }

    Expression right() {
        return right;
    }

    @Override
    Object evaluate(ValueResolver values) {
        return compare(operator, dialect, left.evaluate(values), right.evaluate(values));
    }

    /** TRUE, FALSE, or null for UNKNOWN; shared with BETWEEN, which the spec defines through comparisons. */
    static Boolean compare(ComparisonOperator op, Dialect dialect, Object a, Object b) {
        if (a == null || b == null) {
            return null;
        }
        if (a instanceof Number x && b instanceof Number y) {
            return Numbers.compare(op, x, y);
        }
        if (op.isEquality() && a.getClass() == b.getClass()) {
            // Both String or both Boolean here: numbers were handled above.
            return a.equals(b) == (op == ComparisonOperator.EQ);
        }
        if (dialect == Dialect.ROCKETMQ && (a instanceof String || b instanceof String)) {
            return compareConverted(op, dialect, a, b);
        }
        return Boolean.FALSE;
    }

    private static Boolean compareConverted(ComparisonOperator op, Dialect dialect, Object a, Object b) {
        Object other = a instanceof String ? b : a;
        if (other instanceof Number) {
            Number x = dialect.number(a);
            Number y = dialect.number(b);
            return x != null && y != null && Numbers.compare(op, x, y);
        }
        if (other instanceof Boolean && op.isEquality()) {
            Boolean x = dialect.truth(a);
            Boolean y = dialect.truth(b);
            return x != null && y != null && x.equals(y) == (op == ComparisonOperator.EQ);
        }
        return Boolean.FALSE;
    }

    @Override
    StaticType type() {
        return StaticType.BOOLEAN;
    }

    @Override
    public String toString() {
        return "(" + left + " " + operator + " " + right + ")";
    }
}
