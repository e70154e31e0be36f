package dev.apogee.remoting.selector;

/** Unary {@code -a} or {@code +a} on a non-literal; NULL if the operand is NULL or not a number. */
final class SignExpression extends Expression {
    private final boolean negative;
    private final Expression operand;
    private final Dialect dialect;

    SignExpression(boolean negative, Expression operand, Dialect dialect) {
        super(depthOver(operand));
        this.negative = negative;
        this.operand = operand;
        this.dialect = dialect;
    }

    @Override
    Object evaluate(ValueResolver values) {
        Number n = dialect.number(operand.evaluate(values));
        if (n == null) {
            return null;
        }
        return negative ? Numbers.negate(n) : Numbers.promote(n);
    }

    @Override
    StaticType type() {
        return StaticType.NUMERIC;
    }

    @Override
    public String toString() {
        return (negative ? "-" : "+") + operand;
    }
}
