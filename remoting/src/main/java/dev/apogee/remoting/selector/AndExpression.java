package dev.apogee.remoting.selector;

import java.util.List;

/**
 * {@code c1 AND c2 AND ...}, flattened so that long chains do not deepen the tree. FALSE if any operand is FALSE,
 * else UNKNOWN if any is UNKNOWN, else TRUE (spec 3.8.1.1, AND truth table); stops at the first FALSE.
 */
final class AndExpression extends Expression {
    private final Expression[] operands;
    private final Dialect dialect;

    AndExpression(List<Expression> operands, Dialect dialect) {
        super(depthOver(operands.toArray(new Expression[0])));
        this.operands = operands.toArray(new Expression[0]);
        this.dialect = dialect;
    }

    @Override
    Object evaluate(ValueResolver values) {
        boolean unknown = false;
        for (Expression operand : operands) {
            Boolean b = dialect.truth(operand.evaluate(values));
            if (b == null) {
                unknown = true;
            } else if (!b) {
                return Boolean.FALSE;
            }
        }
        return unknown ? null : Boolean.TRUE;
    }

    @Override
    StaticType type() {
        return StaticType.BOOLEAN;
    }

    @Override
    public String toString() {
        return Junctions.join(operands, " AND ");
    }
}
