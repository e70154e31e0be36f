package dev.apogee.remoting.selector;

/** {@code identifier IS [NOT] NULL}: never UNKNOWN (spec 3.8.1.1). */
final class IsNullExpression extends Expression {
    private final boolean negated;
    private final Identifier identifier;

    IsNullExpression(boolean negated, Identifier identifier) {
        super(2);
        this.negated = negated;
        this.identifier = identifier;
    }

    @Override
    Object evaluate(ValueResolver values) {
        return (identifier.evaluate(values) == null) != negated;
    }

    @Override
    StaticType type() {
        return StaticType.BOOLEAN;
    }

    @Override
    public String toString() {
        return "(" + identifier + (negated ? " IS NOT NULL)" : " IS NULL)");
    }
}
