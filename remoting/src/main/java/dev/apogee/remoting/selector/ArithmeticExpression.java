package dev.apogee.remoting.selector;

/** {@code a op b}; NULL if either operand is NULL or not a number (see {@link Dialect#number}). */
final class ArithmeticExpression extends Expression {
    private final ArithmeticOperator operator;
    private final Expression left;
    private final Expression right;
    private final Dialect dialect;

    ArithmeticExpression(ArithmeticOperator operator, Expression left, Expression right, Dialect dialect) {
        super(depthOver(left, right));
        this.operator = operator;
        this.left = left;
        this.right = right;
        this.dialect = dialect;
    }

    @Override
    Object evaluate(ValueResolver values) {
        Number a = dialect.number(left.evaluate(values));
        if (a == null) {
            return null;
        }
        Number b = dialect.number(right.evaluate(values));
        return b == null ? null : operator.apply(a, b);
    }

    @Override
    StaticType type() {
        return StaticType.NUMERIC;
    }

    @Override
    public String toString() {
        return "(" + left + " " + operator + " " + right + ")";
    }
}
