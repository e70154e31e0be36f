package dev.apogee.remoting.selector;

/** {@code NOT c}: TRUE and FALSE swap, UNKNOWN stays UNKNOWN (spec 3.8.1.1, NOT truth table). */
final class NotExpression extends Expression {
    private final Expression operand;
    private final Dialect dialect;

    NotExpression(Expression operand, Dialect dialect) {
        super(depthOver(operand));
        this.operand = operand;
        this.dialect = dialect;
    }

    @Override
    Object evaluate(ValueResolver values) {
        Boolean b = dialect.truth(operand.evaluate(values));
        return b == null ? null : Boolean.valueOf(!b);
    }

    @Override
    StaticType type() {
        return StaticType.BOOLEAN;
    }

    @Override
    public String toString() {
        return "(NOT " + operand + ")";
    }
}
