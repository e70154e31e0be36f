package dev.apogee.remoting.selector;

/**
 * {@code a [NOT] BETWEEN low AND high}, evaluated exactly as the spec defines it (3.8.1.1): {@code a >= low AND
 * a <= high}, and for NOT {@code a < low OR a > high}, with three-valued AND/OR. So a NULL bound can still give a
 * definite answer (e.g. {@code 5 BETWEEN x AND 3} is FALSE whatever x is).
 */
final class BetweenExpression extends Expression {
    private final boolean negated;
    private final Expression value;
    private final Expression low;
    private final Expression high;
    private final Dialect dialect;

    BetweenExpression(boolean negated, Expression value, Expression low, Expression high, Dialect dialect) {
        super(depthOver(value, low, high));
        this.negated = negated;
        this.value = value;
        this.low = low;
        this.high = high;
        this.dialect = dialect;
    }

    @Override
    Object evaluate(ValueResolver values) {
        Object v = value.evaluate(values);
        Object l = low.evaluate(values);
        Object h = high.evaluate(values);
        if (negated) {
            Boolean below = ComparisonExpression.compare(ComparisonOperator.LT, dialect, v, l);
            Boolean above = ComparisonExpression.compare(ComparisonOperator.GT, dialect, v, h);
            return TruthValues.or(below, above);
        }
        Boolean fromLow = ComparisonExpression.compare(ComparisonOperator.GE, dialect, v, l);
        Boolean toHigh = ComparisonExpression.compare(ComparisonOperator.LE, dialect, v, h);
        return TruthValues.and(fromLow, toHigh);
    }

    @Override
    StaticType type() {
        return StaticType.BOOLEAN;
    }

    @Override
    public String toString() {
        return "(" + value + (negated ? " NOT" : "") + " BETWEEN " + low + " AND " + high + ")";
    }
}
