package dev.apogee.remoting.selector;

import java.util.List;

/**
 * {@code c1 OR c2 OR ...}, flattened. TRUE if any operand is TRUE, else UNKNOWN if any is UNKNOWN, else FALSE
 * (spec 3.8.1.1, OR truth table); stops at the first TRUE.
 */
final class OrExpression extends Expression {
    private final Expression[] operands;
    private final Dialect dialect;

    OrExpression(List<Expression> operands, Dialect dialect) {
        super(depthOver(operands.toArray(new Expression[0])));
        this.operands = operands.toArray(new Expression[0]);
        this.dialect = dialect;
    }

    Expression[] operands() {
        return operands.clone();
    }

    @Override
    Object evaluate(ValueResolver values) {
        boolean unknown = false;
        for (Expression operand : operands) {
            Boolean b = dialect.truth(operand.evaluate(values));
            if (b == null) {
                unknown = true;
            } else if (b) {
                return Boolean.TRUE;
            }
        }
        return unknown ? null : Boolean.FALSE;
    }

    @Override
    StaticType type() {
        return StaticType.BOOLEAN;
    }

    @Override
    public String toString() {
        return Junctions.join(operands, " OR ");
    }
}
